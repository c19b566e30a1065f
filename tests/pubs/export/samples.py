"""Papers of every kind and status, as the exports receive them."""

from pubs.export.model import ExportAuthor, ExportPaper

JIN = ExportAuthor("J. Fang", "Jin", "Fang", person="jin-fang", position=1)
GONGMING = ExportAuthor("Gongming Zhao", "Gongming", "Zhao", person="gongming-zhao", position=2)
XU = ExportAuthor("徐宏力", "Hongli", "Xu", "徐宏力", "hongli-xu", 3)
JIARUI = ExportAuthor("Jiarui Fang", "Jiarui", "Fang", "方佳瑞", "jiarui-fang", 2, equal=True)
GAO = ExportAuthor("Wei Gao", "Wei", "Gao", person="wei-gao", position=1, equal=True)
JAEGER = ExportAuthor("Michelle Jäger", "Michelle", "Jäger", person="michelle-jager", position=2)

CONFERENCE = ExportPaper(
    title="Non-Idle Machine-Aware Worker Placement for Efficient Distributed Training in GPU Clusters",
    kind="conference",
    year=2024,
    month=10,
    authors=(JIN, GONGMING, XU),
    container_title="IEEE International Conference on Network Protocols",
    venue_abbreviation="ICNP",
    venue_name="IEEE International Conference on Network Protocols",
    venue_kind="conference",
    pages="1--12",
    address="Charleroi, Belgium",
    doi="10.1109/icnp61940.2024.10858534",
    tags=("GPU clusters", "scheduling"),
    links={"pdf": "https://www.fangjin.site/pdf/titan.pdf"},
    ccf_label="CCF B",
    slug="non-idle-2024",
)
JOURNAL = ExportPaper(
    title="GRID: Gradient Routing with In-network Aggregation for Distributed Training",
    kind="journal",
    year=2023,
    authors=(JIN, GONGMING, XU),
    container_title="IEEE/ACM Transactions on Networking",
    venue_abbreviation="TON",
    venue_aliases=("IEEE/ACM Transactions on Networking", "TNET", "IEEE/ACM ToN"),
    volume="31",
    number="5",
    pages="2118--2131",
    publisher="IEEE",
    abstract="Gradients are routed through switches that aggregate them.",
    ccf_label="CCF A",
    slug="grid-2023",
)
PREPRINT = ExportPaper(
    title="PipeFusion: Displaced Patch Pipeline Parallelism for Inference of Diffusion Transformer Models",
    kind="preprint",
    status="preprint",
    year=2024,
    authors=(ExportAuthor("Jiannan Wang", "Jiannan", "Wang", equal=True, position=1), JIARUI),
    container_title="arXiv preprint arXiv:2405.14430",
    venue_abbreviation="arXiv",
    arxiv_id="2405.14430",
    slug="pipefusion-2024",
)
UNDER_REVIEW = ExportPaper(
    title="MuxServe: Flexible Multiplexing for Efficient Multiple LLM Serving",
    kind="preprint",
    status="under_review",
    year=2024,
    authors=(ExportAuthor("Jiangfei Duan", "Jiangfei", "Duan", person="jiangfei-duan"), JAEGER),
    more_authors=True,
    slug="muxserve-2024",
)
THESIS = ExportPaper(
    title="Parallel Deep Learning Training System on Sunway TaihuLight",
    kind="thesis",
    thesis_type="phd",
    year=2019,
    month=7,
    institution="Tsinghua University",
    authors=(ExportAuthor("Jiarui Fang", "Jiarui", "Fang", person="jiarui-fang", position=1),),
    slug="thesis-2019",
)
PATENT = ExportPaper(
    title="一种边缘云系统中的VNF部署调度方法",
    kind="patent",
    number="CN113961324A",
    authors=(ExportAuthor("Jin Fang", "Jin", "Fang", person="jin-fang", position=2),),
    more_authors=True,
    slug="cn113961324a",
)
AWARDED = ExportPaper(
    title="SpotServe: Serving Generative Large Language Models on Preemptible Instances",
    kind="conference",
    year=2024,
    authors=(GAO, JIARUI),
    container_title="ASPLOS '24",
    venue_abbreviation="ASPLOS",
    awards=("Distinguished Artifact Award",),
    ccf_label="CCF A",
    editor="Guo, Shuang and Simon, Jonas",
    series="ASPLOS '24",
    slug="spotserve-2024",
)
CHAPTER = ExportPaper(
    title="Systems for Machine Learning",
    kind="book",
    year=2022,
    authors=(JAEGER,),
    container_title="Handbook of Distributed Systems",
    publisher="Springer",
    slug="chapter-2022",
)
REPORT = ExportPaper(
    title="A Technical Report on Übertragung & Co.",
    kind="other",
    year=2021,
    institution="USTC",
    number="TR-2021-7",
    authors=(JAEGER,),
    slug="report-2021",
)

PAPERS = [CONFERENCE, JOURNAL, PREPRINT, UNDER_REVIEW, THESIS, PATENT, AWARDED, CHAPTER, REPORT]
