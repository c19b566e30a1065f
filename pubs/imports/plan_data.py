"""A planned import kept as data: what a job stores of a plan between planning and applying.

:func:`planned_to_data` turns a :class:`~pubs.imports.plan.PlannedImport` into plain JSON
data (``json.dumps`` takes it; a JSONField stores it) and :func:`planned_from_data` turns it
back. Nothing of it names a class or a module: a dataclass is kept as its fields, by name,
and read back as the type hints of the classes of the running code declare them, so a class
renamed or moved still reads the data, and data that does not fit them (a field added or
removed, a value of another shape, another format) raises :class:`StalePlan`: the import is
planned again, as after any change of the database.

What is kept, and what is not:

- ``FORMAT`` and a fingerprint of the classes' shape (their fields' names, types and
  defaults, not the classes' names) head the data; either differing, the data is stale. The
  fingerprint catches a field changed without ``FORMAT`` being raised.
- A field equal to its default is left out.
- The text is not kept: the import's row (BibtexImport.text) holds it already, megabytes of
  it, and whoever reads the data passes it back (``planned_from_data(data, text=...)``).
- The records are not kept when they are the plan's entries' records, as the planner makes
  them: they come back from the entries. The parsed file is kept without its raw entries
  (the fields of each entry as written, which the records hold as read): nothing reads them
  once the file is planned, and parsing the text again takes longer than reading the plan
  (0.4 s for IRIDIA's 2,882 entries).
- A value of a frozen dataclass (an author's name, a venue, a match, a problem) equal to one
  kept before is kept as that one's number among the values of its class, in the order they
  are kept: a file's authors and venues recur entry after entry. Read back, equal values are
  one object: they cannot be changed, so nothing can tell.
- A field that equality ignores (``field(compare=False)``: a cache such as Scope's) is not
  kept; it comes back as its default.
- Dicts keyed by anything but text are kept as [key, value] pairs; tuples, sets and frozensets
  as lists, restored as the hints say.
- Where a hint says ``Any`` or ``Hashable`` (or a bare ``tuple``), or a scalar type, a value
  is kept as it is when it is a JSON scalar, and as a one-key object naming its form when it
  is a tuple, a date, a date and time, or the venue an import creates
  (``{"tuple": [...]}``, ``{"datetime": "..."}``, ``{"new venue": "..."}``); lists of those
  are lists. Anything else (a Decimal, a set, an object) raises TypeError when kept: a new
  kind of value is to be given a form here, never guessed. The planner puts ids of either
  kind where it declares ``str`` (a venue's key is its primary key), so scalars are kept as
  they are, whatever their declared type.
- Objects shared between two places of a plan (an author of an entry and the same author
  added to its paper) come back as two equal objects: the plan is read, not changed, once
  kept.

IRIDIA's bibliography (2,882 entries) planned against the catalogue and the demo is 3.7 MB of
JSON, kept in 0.2 s and read in 0.3 s; pickled, it was 6.6 MB (4.8 MB without the text).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import types
import typing
from collections.abc import Callable, Hashable
from datetime import date, datetime
from typing import Any, Literal

from pubs.bibtex.plan import NewVenue
from pubs.imports.plan import PlannedImport

#: The data's format: raise it when the data changes in a way the fingerprint cannot see.
FORMAT = 1


class StalePlan(ValueError):
    """Data that is not a plan of this version of the code: plan again."""


def planned_to_data(planned: PlannedImport) -> dict:
    """``planned`` as JSON data, without its text (see the module's docstring)."""
    records = planned.records
    if len(records) == len(planned.plan.entries) and all(
        record is entry.record for record, entry in zip(records, planned.plan.entries, strict=True)
    ):
        records = []
    kept = dataclasses.replace(
        planned,
        text="",
        parsed=dataclasses.replace(planned.parsed, entries=[]),
        records=records,
    )
    return {
        "format": FORMAT,
        "shape": shape(PlannedImport),
        "planned": _dump(PlannedImport)(kept, {}),
    }


def planned_from_data(data: object, *, text: str = "") -> PlannedImport:
    """The planned import kept as ``data`` by :func:`planned_to_data`, with its ``text``
    (its parsed file without the raw entries: the records hold them as read).

    Raises StalePlan when ``data`` is not such a plan of this version of the code.
    """
    if not isinstance(data, dict) or set(data) != {"format", "shape", "planned"}:
        raise StalePlan("not a kept plan")
    if data["format"] != FORMAT:
        raise StalePlan(f"a plan of format {data['format']!r}, not {FORMAT}")
    if data["shape"] != shape(PlannedImport):
        raise StalePlan("a plan of classes since changed")
    try:
        planned = _load(PlannedImport)(data["planned"], {})
    except StalePlan:
        raise
    except (TypeError, ValueError) as error:  # a class refusing what it is given
        raise StalePlan(f"data that does not make a plan: {error}") from error
    records = planned.records or [entry.record for entry in planned.plan.entries]
    return dataclasses.replace(planned, text=text, records=records)


# -- values as the hints declare them ---------------------------------------------------------

#: What a plan met so far while kept or read: the values of each frozen class, by value and
#: their number (kept), or in order (read).
Memo = dict[type, Any]
Dump = Callable[[Any, Memo], Any]
Load = Callable[[Any, Memo], Any]

#: Hints whose values are kept as they are (JSON scalars) or in a named form (see ``_loose``).
LOOSE = (Any, Hashable, str, int, float, bool, tuple, list)


def _origin(hint: Any) -> Any:
    origin = typing.get_origin(hint)
    return types.UnionType if origin is typing.Union else origin


@functools.cache
def _dump(hint: Any) -> Dump:
    """How a value of ``hint`` is kept as JSON data."""
    origin, args = _origin(hint), typing.get_args(hint)
    if hint is type(None):
        return _dump_none
    if hint in LOOSE:
        return lambda value, memo: _loose(value)
    if dataclasses.is_dataclass(hint):
        return _dump_dataclass(hint)
    if origin is Literal:
        return _dump_literal(args)
    if origin is types.UnionType:
        return _dump_optional(_optional_arm(hint))
    if origin in (list, tuple, set, frozenset):
        return _dump_collection(origin, args)
    if origin is dict:
        return _dump_dict(*args)
    raise TypeError(f"a plan cannot keep values of {hint!r}")


@functools.cache
def _load(hint: Any) -> Load:
    """How a value of ``hint`` is read back from its JSON data."""
    origin, args = _origin(hint), typing.get_args(hint)
    if hint is type(None):
        return _load_none
    if hint in LOOSE:
        return lambda data, memo: _unloose(data)
    if dataclasses.is_dataclass(hint):
        return _load_dataclass(hint)
    if origin is Literal:
        return _load_literal(args)
    if origin is types.UnionType:
        return _load_optional(_optional_arm(hint))
    if origin in (list, tuple, set, frozenset):
        return _load_collection(origin, args)
    if origin is dict:
        return _load_dict(*args)
    raise TypeError(f"a plan cannot keep values of {hint!r}")


def _optional_arm(hint: Any) -> Any:
    """The one type of ``X | None`` other than None (other unions cannot be told apart)."""
    arms = [arm for arm in typing.get_args(hint) if arm is not type(None)]
    if len(arms) != 1:
        raise TypeError(f"a plan cannot keep values of {hint!r}: a union of several types")
    return arms[0]


def _dump_none(value: Any, memo: Memo) -> None:
    if value is not None:
        raise TypeError(f"{value!r:.80} where None is declared")


def _load_none(data: Any, memo: Memo) -> None:
    if data is not None:
        raise StalePlan(f"{data!r:.80} where None is declared")


def _dump_literal(allowed: tuple) -> Dump:
    def dump(value: Any, memo: Memo) -> Any:
        if value not in allowed:
            raise TypeError(f"{value!r:.80} is not one of {allowed}")
        return value

    return dump


def _load_literal(allowed: tuple) -> Load:
    def load(data: Any, memo: Memo) -> Any:
        if data not in allowed:
            raise StalePlan(f"{data!r:.80} is not one of {allowed}")
        return data

    return load


def _dump_optional(arm: Any) -> Dump:
    def dump(value: Any, memo: Memo) -> Any:
        return None if value is None else _dump(arm)(value, memo)

    return dump


def _load_optional(arm: Any) -> Load:
    def load(data: Any, memo: Memo) -> Any:
        return None if data is None else _load(arm)(data, memo)

    return load


def _item_hints(origin: Any, args: tuple) -> tuple[Any, ...] | None:
    """The hint of each place of a fixed-length tuple; None for a collection of one kind."""
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return args
    return None


def _dump_collection(origin: Any, args: tuple) -> Dump:
    places = _item_hints(origin, args)

    def dump(value: Any, memo: Memo) -> list:
        if not isinstance(value, origin):
            raise TypeError(f"{value!r:.80} where a {origin.__name__} is declared")
        if places is not None:
            if len(value) != len(places):
                raise TypeError(f"{value!r:.80}: {len(places)} items declared")
            return [_dump(hint)(item, memo) for hint, item in zip(places, value, strict=True)]
        if origin in (set, frozenset):  # in one order, so that one plan is kept one way
            value = sorted(value, key=repr)
        dump_item = _dump(args[0])
        return [dump_item(item, memo) for item in value]

    return dump


def _load_collection(origin: Any, args: tuple) -> Load:
    places = _item_hints(origin, args)

    def load(data: Any, memo: Memo) -> Any:
        if not isinstance(data, list) or (places is not None and len(data) != len(places)):
            raise StalePlan(f"{data!r:.80} where a {origin.__name__} is declared")
        if places is not None:
            return tuple(_load(hint)(item, memo) for hint, item in zip(places, data, strict=True))
        load_item = _load(args[0])
        items = [load_item(item, memo) for item in data]
        return items if origin is list else origin(items)

    return load


def _dump_dict(key_hint: Any, value_hint: Any) -> Dump:
    dump_value = _dump(value_hint)
    if key_hint is str:

        def dump(value: Any, memo: Memo) -> Any:
            if not all(type(key) is str for key in value):
                raise TypeError(f"{value!r:.80}: a key that is not text where text is declared")
            return {key: dump_value(item, memo) for key, item in value.items()}

        return dump
    dump_key = _dump(key_hint)

    def dump_pairs(value: Any, memo: Memo) -> list:
        return [[dump_key(key, memo), dump_value(item, memo)] for key, item in value.items()]

    return dump_pairs


def _load_dict(key_hint: Any, value_hint: Any) -> Load:
    load_value = _load(value_hint)
    if key_hint is str:

        def load(data: Any, memo: Memo) -> dict:
            if not isinstance(data, dict):
                raise StalePlan(f"{data!r:.80} where a dict is declared")
            return {key: load_value(item, memo) for key, item in data.items()}

        return load
    load_key = _load(key_hint)

    def load_pairs(data: Any, memo: Memo) -> dict:
        if not isinstance(data, list) or not all(
            isinstance(pair, list) and len(pair) == 2 for pair in data
        ):
            raise StalePlan(f"{data!r:.80} where [key, value] pairs are expected")
        return {load_key(key, memo): load_value(item, memo) for key, item in data}

    return load_pairs


# -- dataclasses, by their fields' names ------------------------------------------------------


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any, Any], ...]:
    """The fields of ``cls`` a plan keeps (those equality compares): name, hint, and a
    function giving the default (None when the field has none)."""
    hints = typing.get_type_hints(cls)
    found = []
    for f in dataclasses.fields(cls):
        if not f.compare:
            continue
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: a plan cannot keep a field set after init")
        if f.default is not dataclasses.MISSING:
            default = functools.partial(lambda value: value, f.default)
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory
        else:
            default = None
        found.append((f.name, hints[f.name], default))
    return tuple(found)


def _frozen(cls: type) -> bool:
    """Whether values of ``cls`` are kept once and then by number (see ``_dump_dataclass``)."""
    return cls.__dataclass_params__.frozen and cls.__hash__ is not None


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _dump_dataclass(cls: type) -> Dump:
    """A dataclass's fields by name, those equal to their default left out. A value of a
    frozen class equal to one kept before is kept as the number of that one among the values
    of its class (the same author, venue or match, met in entry after entry)."""
    frozen = _frozen(cls)

    def dump(value: Any, memo: Memo) -> dict | int:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            raise TypeError(f"{value!r:.80} where a {cls.__name__} is declared")
        hashable = frozen and _hashable(value)  # a field holding a list: not hashable
        if hashable:
            met = memo.setdefault(cls, {})
            if value in met:
                return met[value]
        kept = {}
        for name, hint, default in _fields(cls):
            item = getattr(value, name)
            if default is not None:
                empty = default()
                if type(item) is type(empty) and item == empty:
                    continue
            kept[name] = _dump(hint)(item, memo)
        if hashable:
            met[value] = len(met)
        return kept

    return dump


def _load_dataclass(cls: type) -> Load:
    frozen = _frozen(cls)

    def load(data: Any, memo: Memo) -> Any:
        if frozen and type(data) is int:
            met = memo.get(cls, [])
            if not 0 <= data < len(met):
                raise StalePlan(f"no {cls.__name__} number {data} read before")
            return met[data]
        if not isinstance(data, dict):
            raise StalePlan(f"{data!r:.80} where a {cls.__name__} is declared")
        fields = _fields(cls)
        unknown = set(data) - {name for name, _, _ in fields}
        if unknown:
            raise StalePlan(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
        values = {}
        for name, hint, default in fields:
            if name in data:
                values[name] = _load(hint)(data[name], memo)
            elif default is None:
                raise StalePlan(f"{cls.__name__}.{name} is missing")
        value = cls(**values)
        if frozen and _hashable(value):  # numbered as it was when kept
            memo.setdefault(cls, []).append(value)
        return value

    return load


# -- values of no declared type ---------------------------------------------------------------


def _loose(value: Any) -> Any:
    """A value where the hints say Any, Hashable or a scalar: see the module's docstring."""
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"{value!r} has no JSON form")
        return value
    if isinstance(value, list):
        return [_loose(item) for item in value]
    if isinstance(value, tuple):
        return {"tuple": [_loose(item) for item in value]}
    if isinstance(value, datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, NewVenue):
        return {"new venue": value.text}
    raise TypeError(f"a plan cannot keep a {type(value).__name__} where no type is declared")


#: How each named form of :func:`_loose` is read back from its one item.
FORMS: dict[str, Callable[[Any], Any]] = {
    "tuple": lambda items: tuple(_unloose(item) for item in _list(items)),
    "datetime": lambda text: datetime.fromisoformat(_text(text)),
    "date": lambda text: date.fromisoformat(_text(text)),
    "new venue": lambda text: NewVenue(_text(text)),
}


def _unloose(data: Any) -> Any:
    if data is None or isinstance(data, str | bool | int | float):
        return data
    if isinstance(data, list):
        return [_unloose(item) for item in data]
    if isinstance(data, dict) and len(data) == 1:
        ((form, item),) = data.items()
        if form in FORMS:
            try:
                return FORMS[form](item)
            except ValueError as error:  # StalePlan included
                raise StalePlan(f"{data!r:.80}: {error}") from error
    raise StalePlan(f"{data!r:.80} is no value a plan keeps")


def _list(data: Any) -> list:
    if not isinstance(data, list):
        raise ValueError("not a list")
    return data


def _text(data: Any) -> str:
    if not isinstance(data, str):
        raise ValueError("not text")
    return data


# -- the classes' shape -----------------------------------------------------------------------


@functools.cache
def shape(hint: Any) -> str:
    """A fingerprint of what values of ``hint`` hold: the fields of its dataclasses (names,
    types, defaults), recursively, and not the classes' names."""
    return hashlib.sha256(_describe(hint, ()).encode()).hexdigest()[:16]


def _describe(hint: Any, within: tuple[type, ...]) -> str:
    if dataclasses.is_dataclass(hint):
        if hint in within:  # a class holding itself, further in
            return f"^{within.index(hint)}"
        inner = (*within, hint)
        parts = []
        for name, field_hint, default in _fields(hint):
            described = _describe(field_hint, inner)
            if default is not None:  # as kept: a class's name is no part of it
                described += f"={json.dumps(_dump(field_hint)(default(), {}), sort_keys=True)}"
            parts.append(f"{name}:{described}")
        return "{" + ",".join(parts) + "}"
    origin, args = _origin(hint), typing.get_args(hint)
    if origin is Literal:
        return f"Literal{sorted(map(repr, args))}"
    if origin is types.UnionType:
        return "|".join(sorted(_describe(arm, within) for arm in args))
    if origin is not None:
        return f"{origin.__name__}[{','.join(_describe(arg, within) for arg in args)}]"
    if hint is Ellipsis:
        return "..."
    if hint is Any:
        return "Any"
    return getattr(hint, "__name__", repr(hint))
