"""Papers at the edges of the citation styles, formatted beside the demo data by citeproc-js
(``scripts/citeproc_reference/``) and by ``pubs.export.citations`` (tests/exporting/
test_citeproc_reference.py): author lists of every length, shortened and with gaps, Chinese
names and titles, each kind of paper, missing fields, punctuation that styles move."""

from __future__ import annotations

from dataclasses import replace

from pubs.export.model import ExportAuthor, ExportPaper


def authors(*names: str, first: int = 1) -> tuple[ExportAuthor, ...]:
    """Authors from their printed names, the first at position ``first``; a name in Chinese
    script as "徐宏力=Hongli Xu" (printed form, then the person's name)."""
    people = []
    for position, name in enumerate(names, start=first):
        printed, _, person = name.partition("=")
        given, _, family = (person or printed).rpartition(" ")
        while given and given.rpartition(" ")[2].islower():  # "van Gogh", as the import reads it
            given, _, particle = given.rpartition(" ")
            family = f"{particle} {family}"
        people.append(ExportAuthor(printed, given, family, position=position))
    return tuple(people)


#: Twenty-two people, for the styles that shorten long lists (IEEE at 7, APA at 21).
GIVEN_NAMES = (
    "Ada", "Bo", "Chen", "Dan", "Eva", "Fei", "Gao", "Hui", "Ivo", "Jun", "Kai", "Lan", "Min",
    "Na", "Ou", "Pei", "Qi", "Rui", "Sun", "Tao", "Uma", "Wei",
)  # fmt: skip
FAMILY_NAMES = (
    "Abel", "Bauer", "Cho", "Diaz", "Evans", "Feng", "Garcia", "Huang", "Ito", "Jiang", "Kim",
    "Liu", "Meyer", "Ng", "Ortiz", "Park", "Qian", "Ruiz", "Smith", "Tan", "Ueda", "Wang",
)  # fmt: skip
MANY = tuple(f"{given} {family}" for given, family in zip(GIVEN_NAMES, FAMILY_NAMES, strict=True))

ONE_AUTHOR = ExportPaper(
    title="Scheduling Deep Learning Jobs on Shared GPU Clusters",
    kind="conference",
    year=2021,
    authors=authors("Jin Fang"),
    container_title="Proceedings of the 18th USENIX Symposium on Networked Systems Design and Implementation",
    pages="45--60",
    slug="one-author",
)
TWO_AUTHORS = ExportPaper(
    title="Gradient Compression Revisited",
    kind="journal",
    year=2022,
    month=3,
    authors=authors("Jin Fang", "Gongming Zhao"),
    container_title="IEEE Transactions on Parallel and Distributed Systems",
    volume="33",
    number="3",
    pages="601--615",
    doi="10.1109/TPDS.2021.3100000",
    slug="two-authors",
)
THREE_AUTHORS = ExportPaper(
    title="In-Network Aggregation for Shared Machine Learning Clusters",
    kind="conference",
    year=2023,
    month=5,
    authors=authors("Jin Fang", "Gongming Zhao", "Hongli Xu"),
    container_title="IEEE INFOCOM 2023 - IEEE Conference on Computer Communications",
    publisher="IEEE",
    address="New York, NY, USA",
    pages="1--10",
    doi="10.1109/INFOCOM53939.2023.10229000",
    slug="three-authors",
)
SEVEN_AUTHORS = ExportPaper(
    title="Serving Large Models across Heterogeneous Accelerators",
    kind="journal",
    year=2024,
    authors=authors(*MANY[:7]),
    container_title="ACM Transactions on Computer Systems",
    volume="42",
    number="1",
    pages="1--30",
    slug="seven-authors",
)
TWENTY_TWO_AUTHORS = ExportPaper(
    title="A Survey of Large Scale Training Systems",
    kind="journal",
    year=2025,
    authors=authors(*MANY),
    container_title="ACM Computing Surveys",
    volume="57",
    number="4",
    pages="88:1--88:40",
    slug="twenty-two-authors",
)
SHORTENED = ExportPaper(
    title="Overlapping Communication with Computation in Distributed Kernels",
    kind="conference",
    year=2025,
    authors=authors("Size Zheng", "Jin Fang"),
    more_authors=True,
    container_title="MLSys",
    pages="12--24",
    slug="shortened",
)
SHORTENED_SIX = ExportPaper(
    title="Compilers for Overlapped Kernels",
    kind="journal",
    year=2025,
    authors=authors(*MANY[:6]),
    more_authors=True,
    container_title="Journal of Systems Research",
    volume="5",
    slug="shortened-six",
)
CHINESE_JOURNAL = ExportPaper(
    title="面向分布式训练的网内聚合方法",
    kind="journal",
    year=2023,
    authors=authors(
        "方锦=Jin Fang",
        "赵功名=Gongming Zhao",
        "徐宏力=Hongli Xu",
        "谢鲤光=Liguang Xie",
        "俞卓龙=Zhuolong Yu",
    ),
    container_title="计算机学报",
    volume="46",
    number="8",
    pages="1601--1618",
    slug="chinese-journal",
)
CHINESE_NAMES = ExportPaper(
    title="Non-Idle Machine-Aware Worker Placement for Efficient Distributed Training in GPU Clusters",
    kind="conference",
    year=2024,
    authors=authors("Jin Fang", "赵功名=Gongming Zhao", "徐宏力=Hongli Xu"),
    container_title="IEEE International Conference on Network Protocols",
    venue_name="IEEE International Conference on Network Protocols",
    venue_abbreviation="ICNP",
    address="Charleroi, Belgium",
    slug="chinese-names",
)
CHINESE_PATENT = ExportPaper(
    title="一种基于可编程交换机的梯度聚合方法",
    kind="patent",
    year=2022,
    month=8,
    number="CN114900482A",
    institution="中国科学技术大学",
    authors=authors("Jin Fang", "Gongming Zhao", "Hongli Xu"),
    slug="chinese-patent",
)
PATENT = ExportPaper(
    title="Method for Scheduling Gradients in a Parameter Server Architecture",
    kind="patent",
    year=2021,
    number="US11234567B2",
    institution="Tencent",
    authors=authors("Jiarui Fang", "Yang Yu"),
    slug="patent",
)
PATENT_WITH_GAP = ExportPaper(
    title="CN115687232A",
    kind="patent",
    number="CN115687232A",
    institution="HPC-AI Technology",
    authors=authors("Jiarui Fang", first=2),
    more_authors=True,
    slug="patent-with-gap",
)
PHD_THESIS = ExportPaper(
    title="Parallel Deep Learning Training System on Sunway TaihuLight",
    kind="thesis",
    thesis_type="phd",
    year=2019,
    institution="Tsinghua University",
    authors=authors("Jiarui Fang"),
    slug="phd-thesis",
)
MASTERS_THESIS = ExportPaper(
    title="Caching Embeddings for Recommendation Models",
    kind="thesis",
    thesis_type="masters",
    year=2020,
    institution="University of Science and Technology of China",
    address="Hefei, China",
    authors=authors("Jin Fang"),
    slug="masters-thesis",
)
PREPRINT = ExportPaper(
    title="USP: A Unified Sequence Parallelism Approach for Long Context Generative AI",
    kind="preprint",
    status="preprint",
    year=2024,
    month=5,
    authors=authors("Jiarui Fang", "Shangchun Zhao"),
    container_title="arXiv preprint arXiv:2405.07719",
    venue_name="arXiv",
    venue_abbreviation="arXiv",
    venue_kind="preprint_server",
    arxiv_id="2405.07719",
    slug="preprint",
)
UNDER_REVIEW = ExportPaper(
    title="MuxServe: Flexible Multiplexing for Efficient Multiple LLM Serving",
    kind="preprint",
    status="under_review",
    year=2024,
    authors=authors("Jiangfei Duan", "Runyu Lu", "Haojie Duanmu"),
    slug="under-review",
)
ACCEPTED = ExportPaper(
    title="Elastic Training on Preemptible Instances",
    kind="journal",
    status="accepted",
    year=2025,
    authors=authors("Jiangfei Duan", "Xiuhong Li"),
    container_title="IEEE Transactions on Computers",
    slug="accepted",
)
NO_PAGES = ExportPaper(
    title="Reducing Pipeline Bubbles with Zero-Bubble Scheduling",
    kind="conference",
    year=2024,
    authors=authors("Jiarui Fang", "Yang You"),
    container_title="The Twelfth International Conference on Learning Representations",
    slug="no-pages",
)
JOURNAL = ExportPaper(
    title="RedSync: Reducing Synchronization Traffic for Distributed Deep Learning",
    kind="journal",
    year=2019,
    month=11,
    authors=authors("Jiarui Fang", "Haohuan Fu", "Guangwen Yang", "Cho-Jui Hsieh"),
    container_title="Journal of Parallel and Distributed Computing",
    volume="133",
    number="4",
    pages="30--39",
    publisher="Elsevier",
    doi="10.1016/j.jpdc.2019.05.016",
    slug="journal",
)
BOOK = ExportPaper(
    title="Distributed Machine Learning Systems",
    kind="book",
    year=2022,
    authors=authors("Gongming Zhao", "Hongli Xu"),
    publisher="Springer",
    address="Cham",
    slug="book",
)
CHAPTER = ExportPaper(
    title="Systems for Machine Learning",
    kind="book",
    year=2022,
    authors=authors("Michelle Jäger"),
    container_title="Handbook of Distributed Systems",
    editor="Guo, Shuang and Simon, Jonas",
    publisher="Springer",
    pages="101--130",
    slug="chapter",
)
REPORT = ExportPaper(
    title="A Technical Report on Übertragung & Co.",
    kind="other",
    year=2021,
    institution="USTC",
    number="TR-2021-7",
    authors=authors("Michelle Jäger"),
    slug="report",
)
WEB_DOCUMENT = ExportPaper(
    title="Colossal-AI Documentation",
    kind="other",
    year=2023,
    url="https://colossalai.org/docs/",
    authors=authors("Shenggui Li"),
    slug="web-document",
)
UNDATED = ExportPaper(
    title="Notes on Collective Communication",
    kind="conference",
    authors=authors("Vincent van Gogh", "Martin Luther King"),
    container_title="Workshop on Networked Systems",
    slug="undated",
)
QUESTION = ExportPaper(
    title="Is Network the Bottleneck of Distributed Training?",
    kind="conference",
    year=2020,
    authors=authors("Zhen Zhang", "Chaokun Chang"),
    container_title="Proceedings of the Workshop on Network Meets AI & ML",
    series="NetAI '20",
    pages="8--13",
    slug="question",
)
QUOTES = ExportPaper(
    title="Don't Stop the “Pipeline”: It's Overlapped",
    kind="journal",
    year=2021,
    authors=authors("Jiarui Fang"),
    container_title="Communications of the ACM",
    volume="64",
    slug="quotes",
)
MARKUP = ExportPaper(
    title="<b>Bold</b> & <script>alert(1)</script>",
    kind="conference",
    year=2022,
    authors=authors("Jin Fang"),
    container_title="Workshop <i>on</i> Markup & Escaping",
    slug="markup",
)
WITH_URL = replace(
    NO_PAGES,
    title="Zero Bubble Pipeline Parallelism",
    url="https://openreview.net/forum?id=tuzTN0eIO5",
    doi="10.48550/arXiv.2401.10241",
    slug="with-url",
)

CONFERENCE_MONTH = ExportPaper(
    title="Adaptive Gradient Compression for Edge Clusters",
    kind="conference",
    year=2023,
    month=9,
    authors=authors("Jin Fang", "Gongming Zhao", "Hongli Xu", "Liguang Xie"),
    container_title="Proceedings of the IEEE International Conference on Cluster Computing",
    address="Santa Fe, NM, USA",
    slug="conference-month",
)
CONFERENCE_UNPUBLISHED = ExportPaper(
    title="Scheduling Collective Communication on Shared Networks",
    kind="conference",
    year=2022,
    authors=authors("Gongming Zhao", "Jin Fang"),
    slug="conference-unpublished",
)
PROCEEDINGS_WITH_EDITORS = ExportPaper(
    title="Placement of Virtual Network Functions at the Edge",
    kind="conference",
    year=2021,
    authors=authors("Jin Fang", "Hongli Xu"),
    container_title="Proceedings of the Workshop on Edge Systems",
    editor="Guo, Shuang and Simon, Jonas",
    publisher="ACM",
    address="New York, NY, USA",
    pages="17--22",
    slug="proceedings-with-editors",
)
CHINESE_CONFERENCE = ExportPaper(
    title="可编程交换机上的梯度聚合",
    kind="conference",
    year=2022,
    authors=authors("方锦=Jin Fang", "徐宏力=Hongli Xu"),
    container_title="全国计算机网络学术会议",
    pages="33--40",
    slug="chinese-conference",
)
JOURNAL_MONTH = ExportPaper(
    title="Robustness-Aware Placement in Edge Clouds",
    kind="journal",
    year=2023,
    month=11,
    authors=authors("Jin Fang", "Gongming Zhao"),
    container_title="Computer Networks",
    volume="236",
    pages="110012--110025",
    slug="journal-month",
)
JOURNAL_PAGES_ONLY = ExportPaper(
    title="Load Balancing for Parameter Servers",
    kind="journal",
    year=2020,
    authors=authors("Jiarui Fang", "Conor O'Brien"),
    container_title="Journal of Supercomputing",
    pages="5--19",
    slug="journal-pages-only",
)
SHORTENED_ONE = ExportPaper(
    title="Elastic Inference Serving",
    kind="journal",
    year=2024,
    authors=authors("Jiangfei Duan"),
    more_authors=True,
    container_title="ACM Transactions on Computer Systems",
    volume="42",
    number="2",
    pages="1--25",
    slug="shortened-one",
)
TWENTY_AUTHORS = ExportPaper(
    title="Open Infrastructure for Foundation Model Training",
    kind="journal",
    year=2025,
    authors=authors(*MANY[:20]),
    container_title="Communications of the ACM",
    volume="68",
    number="3",
    pages="40--49",
    slug="twenty-authors",
)
WEB_UNDATED = ExportPaper(
    title="The Triton-distributed Repository",
    kind="other",
    url="https://github.com/ByteDance-Seed/Triton-distributed",
    authors=authors("Size Zheng"),
    slug="web-undated",
)
EDITED_BOOK = ExportPaper(
    title="Advances in Distributed Training",
    kind="book",
    year=2023,
    editor="Guo, Shuang and Simon, Jonas",
    publisher="Springer",
    address="Cham",
    slug="edited-book",
)
REPORT_WITHOUT_NUMBER = ExportPaper(
    title="Energy Use of Training Clusters",
    kind="other",
    year=2022,
    institution="National Supercomputing Center in Wuxi",
    authors=authors("Jiarui Fang", "Haohuan Fu"),
    slug="report-without-number",
)
THESIS_ONLINE = ExportPaper(
    title="Systems for Memory-Efficient Training of Large Models",
    kind="thesis",
    thesis_type="phd",
    year=2023,
    month=6,
    institution="National University of Singapore",
    url="https://scholarbank.nus.edu.sg/handle/10635/123456",
    authors=authors("Shenggui Li"),
    slug="thesis-online",
)
PREPRINT_UNDER_REVIEW_MONTH = ExportPaper(
    title="Serving Mixtures of Experts",
    kind="preprint",
    status="under_review",
    year=2025,
    month=2,
    authors=authors("Jiangfei Duan", "Xiuhong Li", "Dahua Lin"),
    slug="preprint-under-review-month",
)
SAME_AUTHOR_SAME_YEAR = replace(
    ONE_AUTHOR,
    title="Gradient Scheduling in Shared Clusters",
    pages="",
    slug="same-author-same-year",
)

SUFFIX_AND_PARTICLES = ExportPaper(
    title="Counting Sheep",
    kind="journal",
    year=1978,
    authors=(
        ExportAuthor("John A. Doe Jr.", "John A.", "Doe", position=1),
        ExportAuthor("Ludwig van Beethoven", "Ludwig", "van Beethoven", position=2),
        ExportAuthor("Tomás de la Rosa", "Tomás", "de la Rosa", position=3),
    ),
    container_title="Journal of Tests",
    slug="suffix-and-particles",
)
ORGANISATIONS = ExportPaper(
    title="A Standard",
    kind="other",
    year=2001,
    authors=(
        ExportAuthor("Example Standards Committee", "", "Example Standards Committee", position=1),
        ExportAuthor("北京市示例研究院", "", "北京市示例研究院", position=2),
    ),
    institution="Example Institute",
    slug="organisations",
)
INITIALS_WITHOUT_SPACES = ExportPaper(
    title="Initials",
    kind="journal",
    year=2001,
    authors=authors("T.L. Smith", "Shin-ichi Tanaka", "T.-L. Wong", "S R Mackenzie"),
    container_title="Journal of Tests",
    slug="initials-without-spaces",
)
CASES: tuple[ExportPaper, ...] = (
    ONE_AUTHOR, TWO_AUTHORS, THREE_AUTHORS, SEVEN_AUTHORS, TWENTY_TWO_AUTHORS, SHORTENED,
    SHORTENED_SIX, CHINESE_JOURNAL, CHINESE_NAMES, CHINESE_PATENT, PATENT, PATENT_WITH_GAP,
    PHD_THESIS, MASTERS_THESIS, PREPRINT, UNDER_REVIEW, ACCEPTED, NO_PAGES, JOURNAL, BOOK,
    CHAPTER, REPORT, WEB_DOCUMENT, UNDATED, QUESTION, QUOTES, MARKUP, WITH_URL,
    CONFERENCE_MONTH, CONFERENCE_UNPUBLISHED, PROCEEDINGS_WITH_EDITORS, CHINESE_CONFERENCE,
    JOURNAL_MONTH, JOURNAL_PAGES_ONLY, SHORTENED_ONE, TWENTY_AUTHORS, WEB_UNDATED, EDITED_BOOK,
    REPORT_WITHOUT_NUMBER, THESIS_ONLINE, PREPRINT_UNDER_REVIEW_MONTH, SAME_AUTHOR_SAME_YEAR,
    SUFFIX_AND_PARTICLES, ORGANISATIONS, INITIALS_WITHOUT_SPACES,
)  # fmt: skip
