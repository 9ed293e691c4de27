"""A JSON value that validates against a JSON schema, filled in from what the request says.

For a tool call's arguments and a structured answer (``text.format``). :func:`instance` walks the
schema (objects, arrays, ``enum``/``const``, ``anyOf``/``oneOf``/``allOf``, ``$ref``, bounds, nullable
types) and asks a :class:`Filler`, which reads the conversation, for each leaf; it keeps the shape, and shares
a name two text fields of one object would both take ("Honda Civic": make "Honda", model "Civic").
"""

from __future__ import annotations

import datetime
import functools
import ipaddress
import itertools
import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Protocol

import pydantic

__all__ = ["Filler", "instance", "listed_options"]


class Filler(Protocol):
    """Where a schema's leaves get their values (the model reads them from the request).

    ``text`` and ``number`` answer ``None`` when the request holds no value for the field (``owner``: the title
    of its object; a ``nullable`` one takes no stand-in such as the whole message); ``many`` gives every string
    the request gives for a list field (none: one item is filled); ``each`` a filler per item of a list of objects
    the request gives ("2 apples and 3 bananas"; fewer than two: none, and one item is filled), per task it gives
    someone ("Dev to update the page"), or per bracketed group if ``grouped`` ("[1, 2], [3, 4]"); ``numbers`` every number the latest message gives (after the field's name),
    ``choices`` every option it names (in order), ``counts`` every item it counts ("3 apples": apples 3);
    ``leaning`` how far up its scale (0 to 1) a score or a confidence the request gives no number for sits;
    ``boolean`` gives ``None`` when the request does not say (the field's ``default`` holds, else false), and
    ``denies`` whether it says no to the field's own word ("no pets": a flag that may be null is false only then);
    ``told_options`` the options its tool's description lists for the field in words ("priority normal or urgent");
    ``fits_item`` whether an item's words give what tells its kind (a name for a person's item, an option of its first
    field), ``reaches`` whether they give a phone or an email, ``of_a_person`` whether an item's fields are a person's;
    ``unfound`` notes a field the request gives no value of (a tool's caller then asks for it); ``wanted`` whether a
    number nobody gave is one to ask for (unless the message says "no" of it: "no kids" is 0 children).
    """

    whole: str  # the text it reads values from (the latest message, or a clause of it)
    texts: Sequence[str]  # what the request says, the latest message first, then what was said before, newest first
    item: bool  # it reads one item of a list ("and Bo"): a list inside that item is not listed again
    tool: str  # the tool whose arguments it fills ("" for an answer's schema): a tool's caller can be asked
    bounded: bool  # a number out of its field's range is noted as :meth:`unfound` (a call's is asked about, not moved)

    def text(self, name: str, description: str, format: str | None, owner: str = "",
             nullable: bool = False) -> str | None: ...
    def number(self, name: str, description: str) -> float | None: ...
    def leaning(self, name: str) -> float | None: ...
    def boolean(self, name: str, description: str) -> bool | None: ...
    def denies(self, name: str) -> bool: ...
    def told_options(self, name: str) -> list[str]: ...
    def choice(self, name: str, description: str, options: Sequence[Any]) -> Any: ...
    def many(self, name: str, description: str) -> list[str]: ...
    def each(self, grouped: bool = False, name: str = "", fields: Mapping[str, Any] | None = None) -> Sequence[Filler]: ...
    def numbers(self, name: str) -> list[float]: ...
    def choices(self, options: Sequence[Any]) -> list[Any]: ...
    def counts(self) -> dict[str, float]: ...
    def fits_item(self, fields: Mapping[str, Any], required: Sequence[str] = ()) -> bool: ...
    def reaches(self) -> bool: ...
    def of_a_person(self, fields: Mapping[str, Any]) -> bool: ...
    def unfound(self, name: str) -> None: ...
    def wanted(self, name: str) -> bool: ...


#: How deep nested schemas are filled (below, a recursive ``$ref`` gets only what it requires).
_MAX_DEPTH = 12
#: The stand-in for a string of these formats the request does not hold (other strings: "unknown <name>").
_PLACEHOLDERS = {"date": "1970-01-01", "date-time": "1970-01-01T00:00:00Z", "time": "00:00:00", "duration": "P0D",
                 "email": "unknown@example.com", "uri": "https://example.com", "ipv4": "0.0.0.0", "ipv6": "::",
                 "uuid": "00000000-0000-0000-0000-000000000000"}
#: The Python type pydantic checks a string of each format with (its ``format`` in a JSON schema).
_FORMAT_TYPES = {"date": datetime.date, "date-time": datetime.datetime, "time": datetime.time, "uuid": uuid.UUID,
                 "duration": datetime.timedelta, "uri": pydantic.AnyUrl, "ipv4": ipaddress.IPv4Address,
                 "ipv6": ipaddress.IPv6Address}


def instance(schema: Any, filler: Filler, *, only_found: bool = False, owner: str = "") -> Any:
    """A value valid against ``schema``.

    Args:
        schema: A JSON schema (a dict; ``True`` or ``{}`` accepts anything).
        filler: Gives each leaf its value.
        only_found: For the top object's optional keys: include one only when the filler found a
            value for it (a tool call leaves out what the user did not say); required keys stay.
        owner: What the top object is called if the schema has no ``title`` (a format's ``name``).

    Returns:
        A JSON value.
    """
    defs = schema.get("$defs") or schema.get("definitions") or {} if isinstance(schema, Mapping) else {}
    return _value(schema, filler, defs, "", "", 0, only_found, owner)


def _resolve(schema: Any, defs: Mapping[str, Any]) -> Any:
    """``schema`` with a ``$ref`` to ``#/$defs/X`` (or ``#/definitions/X``) replaced by its target."""
    for _ in range(_MAX_DEPTH):
        if not isinstance(schema, Mapping) or not isinstance(schema.get("$ref"), str):
            break
        target = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def _may_be_null(schema: Any, defs: Mapping[str, Any]) -> bool:
    """Whether ``schema`` accepts null (``anyOf`` with null, ``"type": ["string", "null"]``)."""
    kinds = schema.get("type") if isinstance(schema, Mapping) else None
    return isinstance(schema, Mapping) and (any(_is_null(_resolve(o, defs)) for o in schema.get("anyOf") or []) or (
        isinstance(kinds, list) and "null" in kinds))


def _is_null(schema: Any) -> bool:
    return isinstance(schema, Mapping) and schema.get("type") == "null"  # a true or false schema is not


def listed_options(description: str) -> list[str]:
    """The options a description that is only a list of them names ("small, medium or large."), else none."""
    bare = [o.strip() for o in description.rstrip(". ").replace(" or ", ",").split(",")]
    return bare if 1 < len(bare) <= 8 and all(o and len(o.split()) <= 2 and o.replace(" ", "").isalpha() and o.islower() and not (
        {"the", "a", "an", "of", "to", "and", "or", "for", "in", "on", "with", "by"} & set(o.split())) for o in bare) else []


#: Numbers as words, by their value ("two people").
_SPELLED = "zero one two three four five six seven eight nine ten eleven twelve".split()
#: Words a message says a field's word with ("2 people" are guests, "my 2 kids" children, "flat 3" an apartment).
_SAID_AS = {"guest": ("people", "persons", "adults"), "children": ("kids",), "child": ("kids",), "apartment": ("flat",),
            "adult": ("people", "persons")}


def _copied_numbers(out: Mapping[str, Any], schema: Mapping[str, Any], filler: Filler, defs: Mapping[str, Any]) -> list[str]:
    """The keys of ``out`` that may be null and hold another key's number though the message never says their own
    word, while it says the other's: of "I've played for 6 years - well, call it 7", ``shoe_size`` 7 beside
    ``years_playing`` 7. A word the message says it with, beside the number, is its word too ("2 people" of guests,
    "two kids" of children, "flat 3" of an apartment)."""
    heard = f' {" ".join(w.strip(".,;:!?") for w in getattr(getattr(filler, "request", None), "message", "").lower().split())} '
    copied = []
    for key, other in itertools.permutations([k for k, v in out.items() if type(v) in (int, float)], 2):
        number = f"{out[key]:g}" if isinstance(out[key], float) else str(out[key])
        forms = [number, *_SPELLED[int(number):int(number) + 1]] if number.isdigit() else [number]
        said_as = [w for part in key.lower().split("_") for w in _SAID_AS.get(part.rstrip("s"), ())]
        own = any(part.rstrip("s") in heard for part in key.lower().split("_") if len(part) > 2) or any(
            phrase in heard for form in forms for w in said_as for phrase in (
                f" {form} {w}", f" {w} {form} ", f" {w} number {form} ", f" {w} no {form} "))
        theirs = any(part in heard for part in other.lower().split("_") if len(part) > 2)
        if out[key] == out[other] and not own and theirs and _may_be_null(_resolve((schema.get("properties") or {})[key], defs), defs):
            copied.append(key)
    return copied


#: Words of a field that holds a person's name: a name given to it and to another field is the person's alone
#: (a first and a last name's fields both hold one, so "Ada Lovelace" is still parted between them).
_PEOPLE = frozenset("name pupil student guest customer person passenger patient client member rider player attendee "
                    "participant visitor tenant surname forename first last given family".split())


def _value(schema: Any, filler: Filler, defs: Mapping[str, Any], name: str, description: str, depth: int,
           only_found: bool = False, owner: str = "", nullable: bool = False) -> Any:
    """The value of one (sub)schema: its ``const``, an ``enum`` choice, its first non-null option, or by type; of
    a ``nullable`` one (``anyOf`` with null, ``"type": ["integer", "null"]``), null when the request gives none."""
    schema = _resolve(schema, defs)
    if depth > 2 * _MAX_DEPTH:  # only a schema with no finite instance (a required key that holds itself) gets here
        return None
    if not isinstance(schema, Mapping):  # a true (or false) schema: any value
        return filler.text(name, description, None, owner) or ""
    ends = depth >= _MAX_DEPTH  # a recursive schema ends here: no optional key, no item an array need not have
    description = str(schema.get("description") or schema.get("title") or description)
    if "const" in schema:
        return schema["const"]
    default = schema.get("default")  # a tool's ``mode: str = "auto"``: what a value the user never gives stays
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        said = filler.choice(name, description, [*schema["enum"], *[None] * (nullable or default in schema["enum"])])
        return default if said is None and not nullable else said  # None: nothing said
    for combiner in ("anyOf", "oneOf"):
        options = [o for o in schema.get(combiner) or [] if not _is_null(_resolve(o, defs))]
        if options:
            nullable = len(options) < len(schema[combiner])
            if nullable and len(options) == 1 and isinstance(one := _resolve(options[0], defs), Mapping) and one.get(
                    "type") == "boolean":
                said = filler.boolean(name, description)  # a yes or no said, else null ("sorry no pets": false; not
                return None if said is False and not filler.denies(name) else said  # "doesn't eat dairy" of dairy_free)
            value = _value(options[0], filler, defs, name, description, depth + 1, owner=owner, nullable=nullable)
            counted = isinstance(value, (int, float)) and not isinstance(value, bool)  # (a number not said is null
            return None if nullable and _is_placeholder(value) and not counted else value  # already; 0 is "ground floor")
    if schema.get("allOf"):
        merged: dict[str, Any] = {}
        for part in schema["allOf"]:
            merged.update(_resolve(part, defs) if isinstance(part, Mapping) else {})  # true, false: no keys
        return _value(merged, filler, defs, name, description, depth + 1, owner=owner)
    kind = schema.get("type")
    if isinstance(kind, list) and "null" in kind and len(kind) > 1:  # ["integer", "null"]: as anyOf with null
        types = {**schema, "type": next(k for k in kind if k != "null")}
        return _value({"anyOf": [types, {"type": "null"}]}, filler, defs, name, description, depth, owner=owner)
    if isinstance(kind, list):
        kind = next(iter(kind), "null")
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        counted = _resolve(schema.get("additionalProperties"), defs)  # dict[str, int]: "3 apples, 2 pears"
        if not schema.get("properties") and isinstance(counted, Mapping) and counted.get("type") in ("number", "integer"):
            return {key: _bounded(count, counted) for key, count in filler.counts().items()}
        required = set(schema.get("required") or ())
        out: dict[str, Any] = {}
        for key, inner in (schema.get("properties") or {}).items():
            if ends and key not in required:
                continue
            value = _value(inner, filler, defs, key, "", depth + 1, owner=str(schema.get("title") or name or owner),
                           nullable=nullable or only_found and key not in required)  # an optional address: no field
            # made of the message; an optional level or age of a call: none the user did not give
            if value is None and key in required and not _may_be_null(_resolve(inner, defs), defs) and not _is_null(
                    _resolve(inner, defs)):  # a key that may not be null, of an object that may ("period": a year
                if nullable:  # range with no end said): no object at all, not one the schema refuses
                    return None
                value = _value(inner, filler, defs, key, "", depth + 1, owner=str(schema.get("title") or name or owner))
            if key in required or not only_found or not _is_placeholder(value):
                out[key] = value
        out.update(dict.fromkeys(_copied_numbers(out, schema, filler, defs)))  # shoe_size: null, not years_playing's 7
        named = [key for key, value in out.items() if isinstance(value, str) and 1 < len(value.split()) <= 4 and all(
            word[:1].isupper() or word[1:2].isupper() or k > 1 and word.isdigit() for k, word in enumerate(value.split(
                )))]  # a name of two to four words ("Apple iPhone 13 Pro"; no date: "Oct 3 2024")
        fields = {key: _resolve(inner, defs) for key, inner in (schema.get("properties") or {}).items()}
        chosen = [key for key in named if isinstance(fields[key], Mapping) and ("enum" in fields[key] or "const" in fields[key])]
        for key, later in itertools.combinations(named, 2):  # make and model: "Honda Civic" → "Honda", "Civic"
            if {key, later} & set(chosen) and out[key] == out[later]:  # an option chosen ("Old Town") stays whole; a
                free = later if key in chosen else key  # free field that only repeats it was not said
                out[free] = None if free not in chosen and _may_be_null(fields[free], defs) else out[free]
                continue
            if any(k.lower().split("_")[0] in out[key].lower().split() for k in (key, later)):
                continue  # "Holloway Mill" of mill_name stays whole
            personal = [k for k in (key, later) if set(k.lower().split("_")) & _PEOPLE]
            if out[key] == out[later] and len(personal) == 1 and all(w.isalpha() for w in out[key].split()):  # "for Ife
                free = later if key in personal else key  # Adeyemi": the pupil's whole name, no slot "Ife"
                out[free] = None if _may_be_null(fields[free], defs) else f"unknown {free.replace('_', ' ')}"
                continue
            repeats = any(side in k.lower() for k in (key, later) for side in ("winn", "loser", "losing"))
            worded = any(w in k.lower() for k in (key, later) for w in ("message", "text", "note", "caption", "inscription"))
            if out[key] == out[later] and not {key, later} & {"name", "title"} and not repeats and not worded:  # a person's name is
                out[key], out[later] = out[key].split(" ", 1)  # whole; a winner repeats a team ("Chicago Bulls")
        return out
    if kind == "array":
        values = _items(schema, filler, defs, name, description, depth, owner, nullable)
        return [v for k, v in enumerate(values) if v not in values[:k]] if schema.get("uniqueItems") else values
    if kind in ("number", "integer"):
        found = filler.number(name, description)
        if found is None and not nullable and (share := filler.leaning(name)) is not None:  # 4 of 1-5 stars: 0.75 of the
            # way up (a score that may be null and no number gives is null: "It's a toaster.")
            low = schema.get("minimum", 1 if kind == "integer" else 0)
            found = low + share * (schema.get("maximum", 5 if kind == "integer" else 1) - low)
        found = default if found is None and isinstance(default, (int, float)) else found
        if found is not None and filler.bounded and _bounded(found, {key: bound for key, bound in schema.items() if key in (
                "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")}) != found:
            filler.unfound(name)  # a tool's value out of its range ("130 years old" of at most 120): asked, never moved
        found = 0 if found is None and filler.bounded and filler.denies(name) else found  # "no tip": tip_percent 0
        if found is None and not nullable and filler.bounded and not set(name.lower().split("_")) & _FILTERS and (
                filler.wanted(name)):
            filler.unfound(name)  # a number nobody gave ("my goal is sub 4 hours" of distance_km): asked, never 0 (a
            # search's own limit aside: "Find flights to Oslo" of max_price)
        return None if found is None and nullable else _bounded(0 if found is None else found, {**schema, "type": kind})
    if kind in ("boolean", "null"):  # a yes/no the message does not say: its default, else false
        said = filler.boolean(name, description) if kind == "boolean" else None
        return bool(default) if said is None and kind == "boolean" else said
    if (listed := listed_options(description)) and (said := filler.choice(name, description, [*listed, None])) is not None:
        return said  # "small, medium or large." of "a large plaque": large
    heard = {b for a, b in itertools.pairwise(["", *filler.whole.lower().replace(",", " ").split()]) if a not in (
        "not", "no", "never")}  # the message's words, none negated ("not urgent")
    sort, find = filler.kind(name, description) if isinstance(default, str) and default else ("", None)
    named = sort in ("language", "color") and find is not None and bool(find(filler.whole))  # ("in Polish please")
    if isinstance(default, str) and default and not named and not any(w in filler.whole.lower() for w in name.lower().split("_") if len(
            w) > 2) and not (set(filler.told_options(name)) - {default}) & heard:  # a setting the message never names keeps
        return default  # its default (``category: str = "general"``), unless it says another option its tool lists
    # ("urgent please" of "priority normal or urgent")
    form = schema.get("format")
    unknown = f"unknown {name.replace('_', ' ')}".strip()
    text = filler.text(name, description, form, owner, nullable)
    text = text if text and _fits_format(text, form) else default if isinstance(default, str) else _PLACEHOLDERS.get(
        form or "", unknown)
    dated = [w for w in text.split() if "-" in w and _fits_format(w, "date")] if "yyyy-mm-dd" in description.lower() else []
    text = dated[0] if dated else text  # "only results on/after this date YYYY-MM-DD": "2025-01-01", not "... please"
    if isinstance(pattern := schema.get("pattern"), str) and not _matches(text, pattern):  # "^[A-Z]{2}[0-9]{3}$": the
        said = [word.strip(".,;:!?()[]\"'") for source in (filler.whole, *filler.texts) for word in source[:4000].split(
            )]  # word said that matches ("AB123"), in this message or before ("PT-5581" of an earlier turn)
        text = next((form for form in (text, text.upper(), text.lower()) if _matches(form, pattern)), None) or next((
            word for word in said if _matches(word, pattern)), None) or next((form for word in said if any(map(
                str.isdigit, word)) for form in (word.upper(), word.lower()) if _matches(form, pattern)), text)  # (a code
        # in other capitals: "tree t4417" of "^T\\d{5}$", "ABC-123" of "^[a-z]{3}-\\d{3}$"; not "Look" as "LOOK")
        lead = "".join(itertools.takewhile(lambda c: c.isalnum() or c in "#@-_:/ ", pattern.removeprefix("^")))
        text = lead + text if lead and not lead.strip().isdigit() and not _matches(text, pattern) and _matches(
            lead + text, pattern) else text  # "#" of
        # "^#[0-9A-Fa-f]{6}$" before "5a7d8c"
        if not _matches(text, pattern):  # nothing said has its shape: the model asks for it, and a value it must send
            filler.unfound(name)  # (``tool_choice="required"``) is a plain one of that shape, never one the schema refuses
            if nullable:  # (a field that may be null is null)
                return None
            text = _shaped(pattern) or text
    longest = schema.get("maxLength")
    if isinstance(longest, int) and len(text) > longest and filler.tool:
        filler.unfound(name)  # a tool's text too long is asked about, never cut ("at most 80 characters")
    return text[:longest] if isinstance(longest, int) and longest >= 0 else text


def _shaped(pattern: str) -> str | None:
    """The plainest text of a simple ``pattern``'s shape ("^T\\d{5}$": "T00000"; literals, ``\\d``, ``\\w``, ``[A-Z]``,
    ``.``, counted by ``{n}``, ``{n,m}``, ``+``, ``*`` or ``?``); None for any other pattern (groups, choices)."""
    body, made, at = pattern.removeprefix("^").removesuffix("$"), [], 0
    while at < len(body):
        char = body[at]
        if char == "\\" and at + 1 < len(body):  # \d: a digit, \w: a letter, \-: a dash
            unit, at = {"d": "0", "w": "a", "s": " "}.get(body[at + 1], body[at + 1]), at + 2
        elif char == "[" and (end := body.find("]", at + 2)) > 0 and body[at + 1] != "^":  # [A-Z]: its first character
            unit, at = {"\\d": "0", "\\w": "a"}.get(body[at + 1:at + 3], body[at + 1]), end + 1
        elif char == "." or char not in "()|[]*+?{}":
            unit, at = "a" if char == "." else char, at + 1
        else:
            return None
        times = 1
        if body[at:at + 1] == "{" and (end := body.find("}", at)) > 0 and body[at + 1:end].split(",")[0].isdigit():
            times, at = int(body[at + 1:end].split(",")[0]), end + 1
        elif body[at:at + 1] in ("*", "+", "?"):
            times, at = int(body[at] == "+"), at + 1
        made.append(unit * times)
    return "".join(made) if _matches("".join(made), pattern) else None


def _matches(text: str, pattern: str) -> bool:
    """Whether ``text`` matches a schema's ``pattern``, as pydantic checks one (in linear time: a pattern sent to the
    model cannot make it hang); a pattern it cannot read matches anything."""
    try:
        return _pattern_adapter(pattern).validate_python(text) is not None
    except pydantic.ValidationError:
        return False
    except Exception:  # noqa: BLE001 - a pattern pydantic cannot compile checks nothing
        return True


def _items(schema: Mapping[str, Any], filler: Filler, defs: Mapping[str, Any], name: str, description: str,
           depth: int, owner: str, nullable: bool = False) -> list[Any]:
    """An array's items: a tuple's slots (``prefixItems``) each by its own schema, every string, number or option
    the request gives for a list of them, an item per object or bracketed group listed, else one item (of a
    list of strings, none)."""
    if isinstance(schema.get("prefixItems"), list):  # tuple[float, float]: "48.85, 2.29"
        return [_value(slot, filler, defs, name, description, depth + 1, owner=owner) for slot in schema["prefixItems"]]
    if depth >= _MAX_DEPTH and not schema.get("minItems"):
        return []
    low, most = int(schema.get("minItems") or 1), int(schema.get("maxItems") or 20)
    items = _resolve(schema.get("items", {}), defs)
    kind = items.get("type") if isinstance(items, Mapping) else None
    if isinstance(items, Mapping) and isinstance(items.get("enum"), list) and (named := filler.choices(items["enum"])):
        return named[:most]  # list[Literal[...]]: every option the message names
    if isinstance(items, Mapping) and isinstance(items.get("enum"), list) and not schema.get("minItems"):
        return []  # none named: none ("No dietary needs", "hello?"), not the first option
    found = filler.many(name, description) if kind == "string" and "enum" not in items else filler.numbers(name) if (
        kind in ("number", "integer") and len(filler.numbers(name)) >= max(2, low)) else []
    named = "names" in description.lower() or bool(set(name.lower().split("_")) & {"staff", "names", "people"})
    found = [v for v in found if not (kind == "string" and isinstance(v, str) and named and not any(c.isalpha() for c in v))]
    if found := [_bounded(v, items) if kind != "string" else v for v in found][:most]:  # (no staff member "1/5")
        return found + found[-1:] * max(0, low - len(found))  # every value the request gives ("Alice and Bob")
    if kind == "string" and (nullable or not schema.get("minItems")):  # nothing listed: the one value said ("Renew
        one = _value(items, filler, defs, name, description, depth + 1, owner=owner)  # Piranesi"), not the message
        return [one] if one and not _is_placeholder(one) and one.strip(" .!?") != filler.whole.strip(" .!?") and not (
            isinstance(one, str) and (one.lower() in _NOT_A_VALUE or named and (not any(c.isalpha() for c in one) or one.islower()))) else []
        # ("3 out of 5": no staff member "out" nor "1/5")
    if kind in ("object", "array") or isinstance(items, Mapping) and "properties" in items:
        fields = {key: _resolve(field, defs) for key, field in (items.get("properties") or {}).items()}
        listed = filler.each(kind == "array", name, fields)[:most]  # (an item's fields, their options too: ``size: Size``)
        fitting = [part for part in listed if part.fits_item(fields, items.get("required") or ()) or part.reaches()]  # (a
        # contact's phone or email keeps its item: "her dad on 07700 900999")
        if filler.of_a_person(fields) and len(fitting) == 1 < len(listed) and low <= 1:  # one person, told in pieces
            return [_value(items, filler, defs, name, description, depth + 1, owner=owner)]  # ("Just me, Harriet Vane,
        # aged 52, gluten-free"): all of the message
        listed = fitting if len(fitting) >= max(low, 1) else listed  # of a guest, the parts naming one; of a treatment,
        # those naming an option ("Two 60-minute massages"), not "Total 245 euros"
        made = [_value(items, part, defs, name, description, depth + 1, owner=owner) for part in listed]
        kept = [one for one in made if not _is_placeholder(one)]
        counts = [n for n, f in (items.get("properties") or {}).items() if isinstance(f, Mapping) and f.get("type") in (
            "integer", "number") and set(n.lower().split("_")) & {"quantity", "qty", "count"}]  # of an order's lines:
        counted = [one for one in kept if counts and all(isinstance(one, Mapping) and (one.get(c) or 0) > 0 for c in counts)]
        kept = counted if len(counted) >= max(low, 1) else kept  # those counted ("2 large bowls", not "Quayside Road")
        if len(kept) >= low:  # an object (a list) per item (bracketed group) listed, each from its own words; none from
            return kept  # a part that gives nothing
    if filler.item and not schema.get("minItems"):  # "her friends are Bo and Cy": Bo's own friends are not Bo again
        return []
    one = _value(items, filler, defs, name, description, depth + 1, owner=owner)
    said = filler.whole.lower()
    if isinstance(one, Mapping) and one and not schema.get("minItems") and not any(
            v is True or isinstance(v, (int, float)) and not isinstance(v, bool) and v != 0 or isinstance(v, str) and len(
                v) > 2 and v.lower() in said for v in one.values()):  # legs of a race no leg of which is said: none, not
        return []  # a swim of 0 km
    return [one] * max(1, min(low, 20))


#: The words of a number field that only narrows a search (``max_price``, ``limit``): not asked for when unsaid.
_FILTERS = frozenset("max min maximum minimum limit top page offset".split())
#: Small words that are no item of a list however a reader picks them ("out" of "3 out of 5").
_NOT_A_VALUE = frozenset("out in of off up on the a an and or it".split())


def _bounded(value: float, schema: Mapping[str, Any]) -> float:
    """``value`` on the schema's ``multipleOf``, then moved into its bounds (``minimum``, ``exclusiveMaximum``...);
    a whole number for an ``integer``."""
    step = schema.get("multipleOf")
    value = round(value / step) * step if isinstance(step, (int, float)) and step > 0 else value
    nudge = step or (1 if schema.get("type") == "integer" else 1e-6)  # just inside an exclusive bound
    for key, side, edge in (("minimum", 1, 0), ("maximum", -1, 0), ("exclusiveMinimum", 1, nudge),
                            ("exclusiveMaximum", -1, nudge)):
        if isinstance(bound := schema.get(key), (int, float)) and (value - bound) * side < edge:
            value = bound + side * edge
    return int(value) if schema.get("type") == "integer" else value


def _fits_format(text: str, form: Any) -> bool:
    """Whether pydantic reads ``text`` as a value of the string ``format`` (any text fits a format it does not
    check: ``path``, ``binary``...)."""
    try:
        return form not in _FORMAT_TYPES or _adapter(_FORMAT_TYPES[form]).validate_json(json.dumps(text)) is not None
    except pydantic.ValidationError:
        return False


_adapter = functools.cache(pydantic.TypeAdapter)


@functools.lru_cache(maxsize=64)  # a request's patterns, bounded: whoever sends a request chooses them
def _pattern_adapter(pattern: str) -> pydantic.TypeAdapter[str]:
    return pydantic.TypeAdapter(Annotated[str, pydantic.StringConstraints(pattern=pattern)])


def _is_placeholder(value: Any) -> bool:
    return value in ("", None, 0, False, [], {}, *_PLACEHOLDERS.values()) or (
        isinstance(value, str) and value.startswith("unknown ")) or (
        isinstance(value, dict) and all(map(_is_placeholder, value.values())))
