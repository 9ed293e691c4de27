"""The summary prompt memlab's ``LLMSummarizer`` sends, and the shape of its answer.

The prompt is structured: the model must answer in fixed sections, so a reader
(and memlab's fidelity gate) can find identifiers and error codes in one place.
Nine design principles shape it, each one a lesson from summaries that went
wrong. :data:`PRINCIPLES` holds them as data — a name, why it matters, and
the exact prompt line(s) that put it into practice — so a notebook can show
them side by side with the prompt:

1. **Fixed sections, fixed order, 'none' for empty ones** — a missing fact shows.
2. **Identifiers and error codes verbatim** — a paraphrased order number is a wrong one.
3. **No invention; mark what is uncertain** — only what the transcript says.
4. **Newest value wins** — a corrected detail replaces the old one.
5. **Check against the agent's rules** — only when the rules are supplied.
6. **Tool results over guesses** — which tools worked, failed, found what.
7. **Brevity, with a word budget** — the note is re-sent on every later call.
8. **Must-keep facts listed verbatim** — the facts the fidelity gate will check.
9. **A handover with one next step** — written for whoever takes over.

The OpenAI cookbook names nine principles of its own for a summary prompt
(milestones, use-case specificity, contradiction check, timestamps and
temporal flow, chunking, tool performance insights, guidance and examples,
hallucination control, model choice). :data:`COOKBOOK_PRINCIPLES` maps each
onto memlab's nine and the prompt lines that apply it, with one edit of the
prompt that takes it out, so a notebook can measure what it changes in a note.

Your own prompt: ``summary_prompt(prompt=...)`` (and ``LLMSummarizer(client,
prompt=...)``) sends your text instead of memlab's, then the rules memlab
always needs under one line that says so (:data:`ADDED_RULES_HEADER`): how
the transcript is laid out, and — where they apply — the word budget, the
fidelity gate's must-keep facts and the agent's rules. Start from
:data:`SUMMARY_PROMPT` (memlab's prompt as text), edit it, re-run, compare.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .items import Item
from .turns import NAMED_CALLS, NAMED_OUTPUTS, item_text, item_type
from .validate import check_optional_int

__all__ = [
    "ADDED_RULES_HEADER",
    "COOKBOOK_PRINCIPLES",
    "CookbookPrinciple",
    "PromptEdit",
    "JUDGE_PROMPT_TITLE",
    "MAX_WORDS_RULE",
    "MIN_MAX_WORDS",
    "MUST_KEEP_RULE",
    "PRINCIPLES",
    "Principle",
    "SHADOW_PROMPT",
    "SUMMARY_PROMPT",
    "SUMMARY_PROMPT_TITLE",
    "TRANSCRIPT_RULE",
    "SUMMARY_SECTIONS",
    "count_words",
    "render_transcript",
    "summary_prompt",
]

#: First line of memlab's summary prompt: a reader of the wire log (or of your own logs) finds
#: memlab's summarization requests by it. The offline model does not need it: it reads any prompt
#: that asks for a summary, whatever its title.
SUMMARY_PROMPT_TITLE = "# Task: compress a support conversation into a handover note"

#: First line of memlab's LLM-as-judge prompt (built by :func:`memlab.evals.judge_prompt`), by which
#: a log reader finds the grading requests. The offline model does not need it: it grades any request
#: that asks to grade, lists criteria and sends the conversation and the note as two tagged blocks.
JUDGE_PROMPT_TITLE = "# Task: grade a handover note against its conversation"

#: The sections of memlab's summary prompt, in order. (The offline model writes the sections a
#: prompt asks for, so it answers memlab's prompt with these.)
SUMMARY_SECTIONS: tuple[str, ...] = (
    "Product and environment",
    "Reported issue",
    "Steps tried and results",
    "Identifiers",
    "Timeline",
    "Tool performance insights",
    "Current status and blockers",
    "Next recommended step",
)

#: The synthetic user message placed before a summary in the model's history.
SHADOW_PROMPT = "Before we go on, recap what we have covered so far in this conversation."

#: The rule that lists the fidelity gate's facts (one ``  - "fact"`` line each, JSON-quoted, follows it).
MUST_KEEP_RULE = "- These facts must appear in the note exactly as written here:"

#: The word-budget rule, filled in with ``max_words`` (the offline model reads the number back).
MAX_WORDS_RULE = (
    "- Keep the whole note under {max_words} words. If it must be cut, keep identifiers and must-keep "
    "facts first, then open issues and the current status; drop older steps, timeline and tool lines first."
)

#: The smallest word budget :func:`summary_prompt` accepts: the section names alone take about 20 words.
MIN_MAX_WORDS = 20

#: The line memlab puts between a prompt of your own and the rules it adds to it.
ADDED_RULES_HEADER = "Rules memlab adds to this prompt (follow them too):"

#: The first rule memlab adds to a prompt of your own: where the conversation is, and how it reads.
TRANSCRIPT_RULE = (
    "- The conversation to summarize is the user message: one line per item, each starting with "
    "USER:, ASSISTANT:, TOOL CALL or TOOL RESULT."
)

#: The contradiction check, for a prompt of your own (whose sections memlab does not know).
_OWN_CONTRADICTION_RULE = "- Flag any step that contradicts the agent's rules below."


def count_words(text: str) -> int:
    """How many words ``text`` has, the way memlab measures a note against ``max_words``.

    A word is a run of non-space characters holding at least one letter or
    digit: ``ORD-73914`` is one word, Markdown markers such as ``##``, ``-``
    and ``→`` are free. Tokens are what a note really costs
    (:func:`memlab.tokens.count_text`), but a prompt can only ask a model for
    words, so the budget is in words.
    """
    return sum(1 for token in text.split() if re.search(r"\w", token))


@dataclass(frozen=True)
class Principle:
    """One design principle of memlab's summary prompt.

    Attributes:
        name: A short name.
        why: The failure it prevents, in a sentence or two.
        lines: Prompt lines that implement it, always in the prompt, verbatim.
        needs: The :func:`summary_prompt` argument the ``extra_lines`` need
            (``"agent_instructions"``, ``"must_keep"`` or ``"max_words"``).
        extra_lines: Prompt lines that appear only when ``needs`` is given;
            ``{max_words}`` is filled in with the budget.
    """

    name: str
    why: str
    lines: tuple[str, ...] = ()
    needs: str | None = None
    extra_lines: tuple[str, ...] = ()


_HANDOVER = (
    "You write the note a support engineer reads before taking over this conversation. "
    "They will see only your note and the newest turns, so anything you leave out is forgotten."
)
_SECTIONS_RULE = (
    "Answer in Markdown with exactly these sections, in this order. "
    "Write 'none' under a section that has nothing to report:"
)
_SECTION_GUIDE = (
    "- Reported issue: one bullet per problem the customer raised, each once, marked [open] or [resolved].",
    "- Steps tried and results: what the customer or the agent did and what happened (step → result).",
    "- Timeline: the dates and time cues the conversation gives (since when, how often, delivery dates).",
    "- Current status and blockers: where things stand now, as a state, not advice or a question.",
)
_IDS_RULE = (
    "- Copy every identifier (order numbers, serial numbers, ticket ids, account ids) and every "
    "error code character for character, and list each one under Identifiers."
)
_NO_INVENTION_RULE = "- Use only what the transcript says. Mark anything uncertain '(unconfirmed)'."
_NEWEST_RULE = "- When the customer corrected a detail, keep the newest value and drop the superseded one."
_TOOLS_RULE = (
    "- Tool results beat guesses: one line per tool call with its key finding; "
    "say which calls failed or timed out."
)
_BRIEF_RULE = (
    "- Be brief: short bullets, no pleasantries, no advice repeated. "
    "The note is re-sent with every later request, so every word costs."
)
_NEXT_STEP_RULE = "- Under 'Next recommended step', write one concrete action for whoever takes over."
_CONTRADICTION_RULE = (
    "- Under 'Current status and blockers', flag any step that contradicts the agent's rules below."
)

#: The nine principles, each tied to the prompt line(s) that implement it.
PRINCIPLES: tuple[Principle, ...] = (
    Principle(
        "Fixed sections, fixed order, 'none' for empty ones",
        "A reader — or a program such as the fidelity gate — finds each fact in the same place every "
        "time. An explicit 'none' shows the section was considered; a missing section might be forgotten.",
        (_SECTIONS_RULE, *_SECTION_GUIDE),
    ),
    Principle(
        "Identifiers and error codes verbatim",
        "The next engineer types an order number into a tool. A shortened or paraphrased id "
        "(ORD-7391 for ORD-73914) is a wrong id, and nothing flags it.",
        (_IDS_RULE,),
    ),
    Principle(
        "No invention; mark what is uncertain",
        "A summarizer fills gaps with plausible details. A handover note must separate what the "
        "customer said from what the model assumed.",
        (_NO_INVENTION_RULE,),
    ),
    Principle(
        "Newest value wins",
        "Customers correct themselves ('sorry, the order is ...'). A note that keeps both values, "
        "or the old one, sends the next engineer after the wrong thing.",
        (_NEWEST_RULE,),
    ),
    Principle(
        "Check against the agent's rules",
        "A step that broke the agent's own rules (a promised refund, say) must be visible at handover. "
        "The summarizer can only check what it can see, so the rule appears only with the instructions.",
        needs="agent_instructions",
        extra_lines=(_CONTRADICTION_RULE,),
    ),
    Principle(
        "Tool results over guesses",
        "What a tool returned is evidence; what the agent supposed is not. Knowing which calls "
        "failed saves the next engineer from repeating them.",
        (_TOOLS_RULE,),
    ),
    Principle(
        "Brevity, with a word budget",
        "The note is sent again with every later model call, so its length is paid for on every "
        "turn. A budget (max_words) makes that trade explicit and says what to drop first.",
        (_BRIEF_RULE,),
        needs="max_words",
        extra_lines=(MAX_WORDS_RULE,),
    ),
    Principle(
        "Must-keep facts listed verbatim",
        "The fidelity gate rejects a note that lacks one of its facts. Listing them tells the "
        "summarizer what will be checked — including facts hidden in a tool output the transcript cut.",
        needs="must_keep",
        extra_lines=(MUST_KEEP_RULE,),
    ),
    Principle(
        "A handover with one next step",
        "Whoever takes over sees only the note and the newest turns. Written for them, the note ends "
        "with the one action to take, not with a recap of pleasantries.",
        (_HANDOVER, _NEXT_STEP_RULE),
    ),
)


@dataclass(frozen=True)
class PromptEdit:
    """One change to a prompt: ``old`` replaced by ``new``, and what that does in words.

    Attributes:
        label: The change in a few words ("without the Timeline section").
        old: Text of the prompt to replace (it must be in it).
        new: What replaces it (``""`` removes it).
    """

    label: str
    old: str
    new: str

    def apply(self, prompt: str) -> str:
        """``prompt`` with the change made.

        Raises:
            ValueError: If ``prompt`` does not hold the text this edit replaces.
        """
        if self.old not in prompt:
            raise ValueError(f"the prompt has no {self.old.splitlines()[0]!r} to edit ({self.label}): start from SUMMARY_PROMPT")
        return prompt.replace(self.old, self.new, 1)


@dataclass(frozen=True)
class CookbookPrinciple:
    """One of the cookbook's nine principles for a summary prompt, and where memlab's prompt applies it.

    Attributes:
        name: The cookbook's name for it.
        asks: What it asks of a note, in one line.
        memlab: The names of the :data:`PRINCIPLES` that apply it (empty when
            no line of a prompt can).
        lines: How the prompt lines that apply it start (lines of
            :func:`summary_prompt` given the agent's rules, must-keep facts and
            a word budget; ``"## "`` stands for every section heading).
        edit: One change to :data:`SUMMARY_PROMPT` that takes the principle
            out — or, for one the prompt applies only in part, asks for it
            outright — to measure what it changes in a note
            (``edit.apply(SUMMARY_PROMPT)``). ``None`` when no prompt line carries it.
        offline: What memlab's offline model does with it, as measured on
            the notebook's note, or why it cannot show it (and what a live
            model shows instead). It starts "No change offline" exactly when
            the edit leaves the offline note as it was.
    """

    name: str
    asks: str
    memlab: tuple[str, ...]
    lines: tuple[str, ...]
    edit: PromptEdit | None
    offline: str


_HEADINGS = "\n".join(f"## {name}" for name in SUMMARY_SECTIONS) + "\n"
_GUIDE = "What each section holds (the others are plain lists):\n" + "\n".join(_SECTION_GUIDE) + "\n"
_FIXED, _IDS, _NO_INVENTION, _NEWEST, _RULES, _TOOLS, _, _, _HANDOVER_NAME = (p.name for p in PRINCIPLES)

#: The cookbook's nine principles, in its order, each mapped onto memlab's prompt.
COOKBOOK_PRINCIPLES: tuple[CookbookPrinciple, ...] = (
    CookbookPrinciple(
        "Milestones",
        "Mark the turning points: an issue raised, a key finding, an issue resolved.",
        (_FIXED,),
        ("- Reported issue:", "- Timeline:"),
        PromptEdit("asking for milestones", _NEXT_STEP_RULE, _NEXT_STEP_RULE + "\n- Also include the key milestones."),
        "No change offline: the offline model writes the sections a prompt names (headings, listed names), and "
        "a rule line asking for milestones names none, so its note stays as it was; memlab's note already marks "
        "each issue [open] or [resolved] and keeps time cues under Timeline. Given a '## Milestones' heading, the "
        "offline note fills it like a timeline. A live model follows the rule line too.",
    ),
    CookbookPrinciple(
        "Use case specificity",
        "Sections and words made for the task at hand: here, a support handover.",
        (_HANDOVER_NAME, _FIXED),
        ("You write the note a support engineer", "## ", "- Under 'Next recommended step'"),
        PromptEdit("'Summary' and 'Key points' for the eight sections", _HEADINGS, "## Summary\n## Key points\n"),
        "The offline model fills a section by what its heading names (the issue, steps, identifiers, time, tools, "
        "status, next step, the product, preferences) or else by the heading's own words; 'Summary' and 'Key "
        "points' name none of these and share no word with the conversation, so both say 'none'. A live model "
        "writes something under any heading, but not necessarily the handover the next engineer needs.",
    ),
    CookbookPrinciple(
        "Contradiction check",
        "The note must not contradict itself, the agent's instructions or its tools.",
        (_RULES,),
        ("- Under 'Current status and blockers', flag", "The agent's rules:"),
        None,
        "Not shown offline: the offline model copies what was said and never compares a step with the agent's "
        "rules. Live, a model given the rules (memlab adds them; the cookbook asks for the check without them) "
        "can flag a step that broke them, such as a promised refund.",
    ),
    CookbookPrinciple(
        "Timestamps & temporal flow",
        "Keep when things happened and in what order; the newest update wins.",
        (_NEWEST,),
        ("## Timeline", "- Timeline:", "- When the customer corrected"),
        PromptEdit("without the Timeline section", "## Timeline\n", ""),
        "The Timeline section goes, but the offline model copies whole sentences, so the customer's time cues "
        "('every evening since last Tuesday') stay in the note under other headings, and the judge's "
        "timeline score holds; a live model that rewords may lose them with the section. 'Newest wins' is not "
        "shown offline: a corrected identifier stays in the note beside its correction.",
    ),
    CookbookPrinciple(
        "Chunking",
        "Group the facts under sections instead of running paragraphs.",
        (_FIXED,),
        ("Answer in Markdown with exactly these sections", "## "),
        PromptEdit("four sections instead of eight", _HEADINGS, "".join(
            f"## {name}\n" for name in SUMMARY_SECTIONS
            if name in ("Reported issue", "Steps tried and results", "Current status and blockers", "Next recommended step"))),
        "The offline note has exactly the sections the prompt names, in its order. With four, nothing holds "
        "the identifiers: ORD-48213 and NETHUB-AX3000 leave the note (identifiers_kept drops), while AX3000 and "
        "2.2.0 survive inside the customer's sentences; the tool line has no place left.",
    ),
    CookbookPrinciple(
        "Tool performance insights",
        "Which tools were called, which worked or failed, and what they found.",
        (_TOOLS,),
        ("## Tool performance insights", "- Tool results beat guesses"),
        PromptEdit("without the Tool performance insights section", "## Tool performance insights\n", ""),
        "Without its section the tool line (what lookup_order returned) leaves the note, and the judge does "
        "not notice: its rubric has no criterion for tools.",
    ),
    CookbookPrinciple(
        "Guidance & examples",
        "Steer the summarizer with explicit guidance and concrete examples.",
        (_FIXED,),
        ("What each section holds", "- Reported issue:", "- Steps tried and results:", "- Timeline:",
         "- Current status and blockers:"),
        PromptEdit("without the guide to what each section holds", _GUIDE, ""),
        "The offline model fills each of memlab's sections by its heading, not by the guide; what it takes from "
        "the guide is the [open]/[resolved] marks on the issues, which go with it (two words fewer). The guide's "
        "examples ('step → result', 'since when, how often') are for a live model, which otherwise decides on "
        "its own what each section holds.",
    ),
    CookbookPrinciple(
        "Hallucination control",
        "State nothing uncertain as fact; copy what must be exact.",
        (_NO_INVENTION, _IDS),
        ("- Use only what the transcript says", "- Copy every identifier"),
        PromptEdit("without the identifier and no-invention rules", _IDS_RULE + "\n" + _NO_INVENTION_RULE + "\n", ""),
        "No change offline: the offline model copies identifiers character for character and writes only "
        "sentences it was sent, whatever the prompt says. Live, a model without these rules may shorten an id "
        "or fill a gap with a guess; the judge's identifiers_kept and no_invented_facts catch both.",
    ),
    CookbookPrinciple(
        "Model choice",
        "Choose the summarizer's model for the length, latency and cost you can afford.",
        (),
        (),
        None,
        "Not a line of the prompt: LLMSummarizer(client, model=...). Offline the model name changes nothing. "
        "Live, summarize a few conversations with two models, grade both notes with judge_summary, and keep "
        "the cheaper unless its scores drop.",
    ),
)


def summary_prompt(
    agent_instructions: str | None = None,
    must_keep: Sequence[str] = (),
    *,
    max_words: int | None = None,
    prompt: str | None = None,
) -> str:
    """Build the instructions for a summarization request.

    Args:
        agent_instructions: The support agent's own instructions. When given,
            the summarizer can flag steps that contradicted them; without them
            that check is impossible, so the prompt does not ask for it.
        must_keep: Facts the summary must contain verbatim (the session's
            fidelity gate will check). Listing them here matters: the
            transcript may have cut a long tool output that held one.
        max_words: A length budget for the note (an int >= 20), or ``None``
            for none. The prompt then asks for a note under that many words
            and says what to keep first.
        prompt: Your own prompt instead of memlab's (``None``: memlab's). It is
            sent as written, followed by :data:`ADDED_RULES_HEADER` and the
            rules memlab always needs: :data:`TRANSCRIPT_RULE`, then — only
            where they apply — the word budget, the must-keep facts and the
            agent's rules with the contradiction check.

    Returns:
        The full instructions text: memlab's starts with :data:`SUMMARY_PROMPT_TITLE`.

    Raises:
        TypeError: For a ``max_words`` that is not an integer, or a ``prompt`` that is not text.
        ValueError: For a ``max_words`` below 20, or an empty ``prompt``.
    """
    check_optional_int("max_words", max_words, minimum=MIN_MAX_WORDS)
    if prompt is not None:
        if not isinstance(prompt, str):
            raise TypeError(f"prompt must be text (your summary prompt), not {type(prompt).__name__}")
        if not prompt.strip():
            raise ValueError("prompt is empty: pass your summary prompt, or None for memlab's")
        lines = [prompt.rstrip(), "", ADDED_RULES_HEADER, TRANSCRIPT_RULE]
        contradiction = _OWN_CONTRADICTION_RULE
    else:
        lines = [
            SUMMARY_PROMPT_TITLE,
            "",
            _HANDOVER,
            "",
            _SECTIONS_RULE,
            "",
            *(f"## {name}" for name in SUMMARY_SECTIONS),
            "",
            "What each section holds (the others are plain lists):",
            *_SECTION_GUIDE,
            "",
            "Rules:",
            _IDS_RULE,
            _NO_INVENTION_RULE,
            _NEWEST_RULE,
            _TOOLS_RULE,
            _BRIEF_RULE,
            _NEXT_STEP_RULE,
        ]
        contradiction = _CONTRADICTION_RULE
    if max_words is not None:
        lines.append(MAX_WORDS_RULE.format(max_words=max_words))
    if must_keep:  # one quoted fact per line, so a fact with a newline cannot break the list
        lines += [MUST_KEEP_RULE] + [f"  - {json.dumps(fact, ensure_ascii=False)}" for fact in must_keep]
    if agent_instructions:
        lines += [
            contradiction,
            "",
            "The agent's rules:",
            "<<<",
            agent_instructions.strip(),
            ">>>",
        ]
    return "\n".join(lines)


#: memlab's summary prompt as text, with no budget, facts or agent rules: the
#: starting point for a prompt of your own (``LLMSummarizer(client, prompt=...)``).
SUMMARY_PROMPT = summary_prompt()


# ------------------------------------------------------------------ the transcript the prompt is sent with

#: What an identifier looks like (ORD-12345, SN-AB12CD34, E-2107, TCK-123456):
#: capitals, a hyphen, capitals or digits. Cut tool outputs still name them.
_IDENTIFIER = re.compile(r"\b[A-Z][A-Z0-9]*-[A-Z0-9][A-Z0-9-]*\b")


def render_transcript(items: list[Item], tool_trim_limit: int = 600) -> str:
    """Render items as a role-prefixed transcript, one line per item.

    Every item kind appears: list-of-parts content is joined, tool calls show
    their name and arguments, tool outputs longer than ``tool_trim_limit``
    characters are cut — saying how much was cut and which identifiers the
    cut part held, so a summary can still keep them.
    """
    lines = []
    for item in items:
        kind = item_type(item)
        text = item_text(item)
        if kind == "message":
            lines.append(f"{str(item.get('role', 'user')).upper()}: {text}")
        elif kind in NAMED_CALLS:
            lines.append(f"TOOL CALL [{item.get('call_id', '?')}]: {text}")
        elif kind in NAMED_OUTPUTS:
            if len(text) > tool_trim_limit:
                cut = text[tool_trim_limit:]
                ids = list(dict.fromkeys(_IDENTIFIER.findall(cut)))
                note = f"; identifiers in the cut part: {', '.join(ids)}" if ids else ""
                text = f"{text[:tool_trim_limit]} … [{len(cut)} more characters cut{note}]"
            lines.append(f"TOOL RESULT [{item.get('call_id', '?')}]: {text}")
        elif kind == "reasoning":
            if text.strip():
                lines.append(f"REASONING: {text}")
        else:
            lines.append(f"{kind.upper()}: {text}")
    return "\n".join(lines)
