"""Every regular expression the offline model runs on request text is linear-time.

A request's text is anyone's: a learner's paste, a fuzzer, a 100 KB log. A
pattern that backtracks (``(?:since|every\\s+)+day`` over "since every since
every ...") turns one request into minutes of CPU, and nothing can interrupt a
regex once it runs. So this module finds every pattern the offline model
uses — compiled module attributes (also inside tables of patterns) and
patterns written inline (``re.sub(r"...", ...)``, f-strings included) in
``memlab/offline/``, ``memlab/facts.py`` and ``memlab/prompts.py`` — and
throws adversarial text at each: 100 KB built from the pattern's own parts
(its words and alternatives, what its repeats consume, near misses that fail
at the last character), plus generic runs of spaces, letters, digits and
punctuation. A pattern added later is found and attacked the same way.

How the attack text is derived (the classic recipe for catastrophic
backtracking is *prefix + pump × k + a suffix that fails*):

* a **witness** is a short string the pattern (or a part of it) matches;
* each repeat (``+``, ``*``, ``{m,n}``) gives a **pump**: what its body
  matches, once per alternative of a branch inside it and all of them in a row;
* each attack is the text before the repeat, the pump many times, and the
  rest of the witness cut one character short (or left out), alone or
  repeated so every position is a fresh start.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import time
from collections.abc import Iterator
from re import _constants as sre
from re import _parser
from types import ModuleType
from typing import Any

import pytest

import memlab.facts
import memlab.offline
import memlab.prompts

SIZE = 100_000  # characters of attack text (ASCII: 100 KB)
BUDGET = 1.0  # seconds a pattern may spend on one attack text


# ------------------------------------------------------------------ finding the patterns


def _modules() -> list[ModuleType]:
    """The offline model's modules (every one, so a new module is covered), facts and prompts."""
    names = [f"memlab.offline.{info.name}" for info in pkgutil.iter_modules(memlab.offline.__path__)]
    return [memlab.facts, memlab.prompts, memlab.offline, *map(importlib.import_module, names)]


def _compiled(value: Any, depth: int = 0) -> Iterator[re.Pattern[str]]:
    """Compiled patterns in a module attribute, also inside dicts, tuples and lists of them."""
    if isinstance(value, re.Pattern):
        yield value
    elif depth < 4 and isinstance(value, dict):
        for item in value.values():
            yield from _compiled(item, depth + 1)
    elif depth < 4 and isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _compiled(item, depth + 1)


_RE_FUNCTIONS = {"compile", "search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer"}


def _literal_pattern(node: ast.expr) -> str | None:
    """The text of a pattern written as a string or f-string (each ``{...}`` becomes a word)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "word" for part in node.values)
    return None


def _flags(call: ast.Call, function: str) -> tuple[int, ...]:
    """The ``flags`` a ``re.<function>(...)`` call passes (``re.I | re.M``...); both usual sets if a variable."""
    position = {"compile": 1, "sub": 4, "subn": 4, "split": 3}.get(function, 2)
    node = next((k.value for k in call.keywords if k.arg == "flags"), None)
    if node is None and len(call.args) > position:
        node = call.args[position]
    if node is None:
        return (0,)
    try:
        return (int(eval(compile(ast.Expression(node), "<flags>", "eval"), {"re": re})),)
    except NameError:  # flags held in a variable: try with and without the usual ones
        return (0, re.IGNORECASE | re.MULTILINE | re.DOTALL)


def _inline(module: ModuleType) -> Iterator[re.Pattern[str]]:
    """Patterns written inline in a module's source: ``re.search(r"...", text)`` and friends."""
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _RE_FUNCTIONS
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args):
            text = _literal_pattern(node.args[0])
            for flags in _flags(node, node.func.attr) if text is not None else ():
                yield re.compile(text, flags)


def _assigned(module: ModuleType) -> set[str]:
    """The names a module assigns at its top level (not the ones it imports)."""
    names = set()
    for node in ast.parse(inspect.getsource(module)).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def offline_patterns() -> dict[str, re.Pattern[str]]:
    """Every pattern found, named ``module:attribute[n]`` or ``module:<its source text>``."""
    found: dict[str, re.Pattern[str]] = {}
    for module in _modules():
        short = module.__name__.removeprefix("memlab.")
        for name in sorted(_assigned(module)):
            value = getattr(module, name, None)
            for n, pattern in enumerate(_compiled(value)):
                found[f"{short}:{name}" if value is pattern else f"{short}:{name}[{n}]"] = pattern
        for pattern in _inline(module):
            flags = f" flags={int(pattern.flags)}" if pattern.flags & ~re.UNICODE else ""
            found[f"{short}:{pattern.pattern[:40]}{flags}"] = pattern
    # A pattern defined twice is one pattern: keep its first name.
    unique: dict[tuple[str, int], str] = {}
    for name, pattern in found.items():
        unique.setdefault((pattern.pattern, pattern.flags), name)
    return {name: found[name] for name in unique.values()}


# ------------------------------------------------------------------ deriving attack text

_SAMPLES = "a Z1 .-,:;!?'\"#@/_\n\t("  # characters tried when a class or a negation needs one


def _category(char: str, category: Any) -> bool:
    name = str(category).replace("UNI_", "").replace("LOC_", "")
    tests = {
        "CATEGORY_DIGIT": char.isdigit(), "CATEGORY_SPACE": char.isspace(),
        "CATEGORY_WORD": char.isalnum() or char == "_", "CATEGORY_LINEBREAK": char == "\n",
    }
    negated = name.replace("NOT_", "")
    return (not tests[negated]) if "NOT_" in name else tests[name]


def _in_class(char: str, items: list[tuple[Any, Any]], ignore_case: bool) -> bool:
    """Whether ``char`` is in a parsed character class ``[...]``."""
    negate, hit = False, False
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            hit |= char == chr(av) or (ignore_case and char.lower() == chr(av).lower())
        elif op is sre.RANGE:
            hit |= av[0] <= ord(char) <= av[1] or (ignore_case and (av[0] <= ord(char.lower()) <= av[1] or av[0] <= ord(char.upper()) <= av[1]))
        elif op is sre.CATEGORY:
            hit |= _category(char, av)
    return hit != negate


class _Witness:
    """Builds strings a parsed pattern matches, with one repeat marked as the place to pump."""

    MARK = "\uffff"
    BOUNDARY = "\ufffe"  # a word boundary: a space between two word characters, else nothing

    def __init__(self, flags: int) -> None:
        self.ignore_case = bool(flags & re.IGNORECASE)

    def text(self, parsed: Any, choices: dict[int, int], target: int | None = None) -> str:
        return re.sub(f"(?<=\\w){self.BOUNDARY}+(?=\\w)", " ", self._text(parsed, choices, target)).replace(self.BOUNDARY, "")

    def _text(self, parsed: Any, choices: dict[int, int], target: int | None = None) -> str:
        out = []
        for op, av in parsed:
            if op is sre.LITERAL:
                out.append(chr(av))
            elif op is sre.NOT_LITERAL:
                out.append(next(c for c in _SAMPLES if c != chr(av)))
            elif op is sre.ANY:
                out.append("a")
            elif op is sre.IN:
                out.append(next((c for c in _SAMPLES if _in_class(c, av, self.ignore_case)), ""))
            elif op is sre.AT and av in (sre.AT_BOUNDARY, sre.AT_UNI_BOUNDARY, sre.AT_LOC_BOUNDARY):
                out.append(self.BOUNDARY)
            elif op is sre.BRANCH:
                out.append(self._text(av[1][choices.get(id(av), 0)], choices, target))
            elif op is sre.SUBPATTERN:
                out.append(self._text(av[3], choices, target))
            elif op is sre.ATOMIC_GROUP:
                out.append(self._text(av, choices, target))
            elif op is sre.GROUPREF_EXISTS:
                out.append(self._text(av[1], choices, target))
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
                low, high, body = av
                if id(av) == target:
                    out.append(self.MARK)
                else:
                    out.append(self._text(body, choices, target) * min(max(low, 1), high))
            # other anchors (AT), lookarounds (ASSERT, ASSERT_NOT) and back references add no text
        return "".join(out)


def _walk(parsed: Any, path: tuple[tuple[int, int], ...] = ()) -> Iterator[tuple[Any, Any, tuple[tuple[int, int], ...]]]:
    """Every node with the branch choices that lead to it: ``(op, av, ((branch id, alternative), ...))``."""
    for op, av in parsed:
        yield op, av, path
        if op is sre.BRANCH:
            for index, alternative in enumerate(av[1]):
                yield from _walk(alternative, (*path, (id(av), index)))
        elif op is sre.SUBPATTERN:
            yield from _walk(av[3], path)
        elif op in (sre.ATOMIC_GROUP,):
            yield from _walk(av, path)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            yield from _walk(av[1], path)
        elif op is sre.GROUPREF_EXISTS:
            yield from _walk(av[1], path)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            yield from _walk(av[2], path)


GENERIC = (" ", "a", "1", "\n", "a ", "a.", "-", "A1-", ": ", "a, ", " \n", "Aa ")


def attack_recipes(pattern: re.Pattern[str]) -> list[tuple[str, str]]:
    """How to build adversarial text for ``pattern``: ``("repeat", unit)`` or ``("once", start)``.

    A unit is repeated to fill the text (every copy is a fresh start for the
    regex engine); a start (a prefix and a long pump) is padded with spaces.
    """
    parsed = _parser.parse(pattern.pattern, pattern.flags)
    witness = _Witness(pattern.flags)
    units: list[str] = []
    singles: list[str] = []
    whole = witness.text(parsed, {})
    units += [whole[:-1], whole[:-1] + " ", whole + " "]
    for op, av, path in _walk(parsed):
        choices = dict(path)
        if op is sre.BRANCH:
            words = [witness.text(alternative, choices) for alternative in av[1]]
            units += [" ".join(words) + " ", "".join(words)]
            for index in range(len(av[1])):  # the whole pattern through each alternative, one character short
                near = witness.text(parsed, {**choices, id(av): index})
                units += [near[:-1], near[:-1] + " ", near + " "]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and av[1] > 1:
            before, _, after = witness.text(parsed, choices, target=id(av)).partition(witness.MARK)
            after = after.replace(witness.MARK, "")
            body = av[2]
            pumps = [witness.text(body, choices)]
            for inner_op, inner_av, inner_path in _walk(body):
                if inner_op is sre.BRANCH:  # one pump per alternative, and all of them in a row
                    alternatives = range(len(inner_av[1]))
                    words = [witness.text(body, {**choices, **dict(inner_path), id(inner_av): i}) for i in alternatives]
                    pumps += [*words[:4], "".join(words)]
                    break
            for pump in dict.fromkeys(p for p in pumps if p):
                count = min(av[1], SIZE // len(pump) + 1)
                singles += [before + pump * count, before + pump * count + after[:-1]]
                units += [before + pump + after[:-1], before + pump + after[:-1] + " ", before + pump]
    # Each word of the pattern on its own, over and over: "red red red ..." for r"\bred\b.*\blight\b".
    words = dict.fromkeys(w for text in [whole, *units] for w in re.findall(r"\w+", text[:200]))
    units += [f"{w} " for w in list(words)[:20]]
    recipes = [("repeat", u) for u in (*units, *GENERIC) if u] + [("once", s) for s in singles if s]
    return list(dict.fromkeys(recipes))


def build(recipe: tuple[str, str], size: int = SIZE) -> str:
    """The attack text of ``size`` characters for one recipe of :func:`attack_recipes`."""
    how, text = recipe
    if how == "repeat":
        return (text * (size // len(text) + 1))[:size]
    return (text + " " * size)[:size]


def attack_texts(pattern: re.Pattern[str], size: int = SIZE) -> list[str]:
    """Every adversarial text for ``pattern``, ``size`` characters each."""
    return [build(recipe, size) for recipe in attack_recipes(pattern)]


# ------------------------------------------------------------------ the test

PATTERNS = offline_patterns()


def _cost(pattern: re.Pattern[str], text: str) -> float:
    """Seconds for the work a caller may ask of a pattern: every match (search, sub, split) and a full match."""
    start = time.perf_counter()
    for _ in pattern.finditer(text):
        pass
    pattern.fullmatch(text)
    return time.perf_counter() - start


def _best_cost(pattern: re.Pattern[str], text: str, above: float) -> float:
    """:func:`_cost`, measured again (best of three) when the first run took over ``above`` seconds.

    On a busy machine (the suite runs on two workers, beside other work) one
    run can be preempted and look slow; a slow pattern is slow every time.
    """
    seconds = _cost(pattern, text)
    return seconds if seconds <= above else min(seconds, *(_cost(pattern, text) for _ in range(2)))


def test_the_patterns_are_found():
    """The finder sees compiled attributes, tables of patterns, inline and f-string patterns."""
    names = set(PATTERNS)
    assert {"offline._reading:_WHEN", "offline._judge:_TIME_CUE", "facts:FACT_PATTERNS[4]", "offline._memory:_PHRASES[0]"} <= names
    sources = {p.pattern for p in PATTERNS.values()}
    assert r"\s{2,}" in sources  # inline: re.sub(r"\s{2,}", " ", ...) in _reading._tidy
    assert any("word" in s and s.startswith("^#+") for s in sources)  # an f-string pattern in _judge._section
    assert len(PATTERNS) > 80


def test_the_attack_text_finds_a_quadratic_pattern():
    """The generator is not toothless: it finds the blow-up of a pattern known to backtrack."""
    slow = re.compile(r"\b(?:(?:since|every)\s+)+(?:mon|fri)day\b", re.I)
    fixed = re.compile(r"\b(?:(?:since|every)\s+){1,3}(?:mon|fri)day\b", re.I)
    size = 4000
    # Best of three per text: one preempted run on a busy machine is noise, not evidence.
    worst_slow = max(min(_cost(slow, t) for _ in range(3)) for t in attack_texts(slow, size))
    worst_fixed = max(min(_cost(fixed, t) for _ in range(3)) for t in attack_texts(fixed, size))
    assert worst_slow > 5 * worst_fixed


SCREEN = SIZE // 10  # every recipe is tried at this size first
FINALISTS = 3  # the slowest recipes at the screening size are run at full size
GROWTH = 40  # at most this much slower on ten times the text (linear: about 10; quadratic: about 100)
NOISE = 0.25  # seconds under which a growth ratio is timer noise on a shared machine, not evidence (a quadratic pattern takes seconds here)

@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_a_pattern_is_linear_on_adversarial_text(name):
    """100 KB of the worst text found for the pattern takes at most a second.

    Every recipe runs at 10 KB first. The work grows at least in proportion
    to the text, so more than a tenth of the budget there fails at once
    (a quadratic pattern would spend minutes at 100 KB); the slowest few
    recipes then run at 100 KB against the budget.
    """
    pattern = PATTERNS[name]
    screened = []
    for recipe in attack_recipes(pattern):
        text = build(recipe, SCREEN)
        seconds = _best_cost(pattern, text, above=BUDGET * SCREEN / SIZE)
        assert seconds <= BUDGET * SCREEN / SIZE, (
            f"{name} ({pattern.pattern!r}) took {seconds:.2f} s on {SCREEN} characters: {text[:40]!r}...")
        screened.append((seconds, recipe))
    for _, recipe in sorted(screened, reverse=True)[:FINALISTS]:
        text = build(recipe, SIZE)
        seconds = _best_cost(pattern, text, above=NOISE)
        assert seconds <= BUDGET, f"{name} ({pattern.pattern!r}) took {seconds:.2f} s on {SIZE} characters: {text[:40]!r}..."
        small = min(_cost(pattern, build(recipe, SCREEN)) for _ in range(3))
        assert seconds < NOISE or seconds <= GROWTH * small, (
            f"{name} ({pattern.pattern!r}) is not linear: {small:.4f} s on {SCREEN} characters, {seconds:.3f} s on {SIZE}: "
            f"{text[:40]!r}...")
