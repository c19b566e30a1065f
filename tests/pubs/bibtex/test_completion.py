from pubs.bibtex.completion import EntryAuthor, StoredAuthor, complete

ROSA = StoredAuthor(1, "rosa", "Tomás de la Rosa", 1)


def test_a_name_the_entry_lists_twice_after_its_place_is_one_author():
    entry = [EntryAuthor("rosa", "Tomás de la Rosa"), EntryAuthor("rosa", "Tomás {de la Rosa}")]
    found = complete([ROSA], entry)
    assert found.consistent and not found.completes


def test_a_stored_person_listed_before_their_place_is_another_order():
    fang = StoredAuthor(2, "fang", "Jiarui Fang", 2)
    entry = [EntryAuthor("fang", "Jiarui Fang"), EntryAuthor("rosa", "Tomás de la Rosa"),
             EntryAuthor("fang", "Jiarui Fang")]  # fmt: skip
    assert not complete([ROSA, fang], entry).consistent
