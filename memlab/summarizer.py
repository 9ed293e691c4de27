"""Summarizers: what turns older turns into a handover note.

A :class:`~memlab.SummarizingSession` does not know how to summarize; it asks
a *summarizer*, anything that follows the :class:`Summarizer` protocol. memlab
ships one, :class:`LLMSummarizer`, which asks a model through the Responses
API with memlab's summary prompt (:mod:`memlab.prompts`). Writing your own is
a few lines::

    class FirstLines:
        async def summarize(self, items, *, must_keep=()):
            text = render_transcript(items)
            return SHADOW_PROMPT, "\\n".join(text.splitlines()[:5])

The cookbook's shape, ``async def summarize(self, messages)``, works as well:
it is called without ``must_keep``, with the items as the cookbook's messages
(:func:`cookbook_messages`: a role and text content each), so the cookbook's
own ``LLMSummarizer`` runs unchanged; anything memlab could not call is
refused when the session is built (:func:`check_summarizer`). The session
checks what comes back (a pair of strings, a summary that is not empty) and
treats anything else as a failed summary: history stays as it was.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .async_bridge import call_either
from .errors import MemlabError
from .items import Item, check_text
from .prompts import MIN_MAX_WORDS, SHADOW_PROMPT, render_transcript, summary_prompt
from .turns import NAMED_CALLS, NAMED_OUTPUTS, item_text, item_type
from .validate import check_int, check_optional_int, check_seconds

__all__ = [
    "PROTOCOL",
    "Summarizer",
    "SummarizationError",
    "LLMSummarizer",
    "call_summarizer",
    "check_summarizer",
    "check_summary",
    "cookbook_messages",
    "incomplete_reason",
    "takes_must_keep",
]


class SummarizationError(MemlabError):
    """A summary could not be made (see the message)."""


@runtime_checkable
class Summarizer(Protocol):
    """What a :class:`~memlab.SummarizingSession` calls to compress history.

    One method, always ``async``::

        async def summarize(self, items, *, must_keep=()) -> tuple[str, str]

    * ``items``: the items to compress, oldest first (copies; an earlier
      summary pair may be among them, so a new summary can extend it).
    * ``must_keep``: facts the summary must contain verbatim — the session's
      fidelity gate found them in ``items`` and will check the result. Always
      passed (empty without a gate); a summarizer may ignore it, at the risk
      of the gate rejecting its summary. A summarizer written the cookbook's
      way, ``async def summarize(self, messages)``, works too: it is called
      with :func:`cookbook_messages` of the items alone (:func:`check_summarizer`
      decides once how to call it).
    * Returns ``(shadow_prompt, summary)``: the synthetic user message placed
      before the summary (``None`` for :data:`~memlab.prompts.SHADOW_PROMPT`)
      and the summary text.
    """

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str | None, str]:
        """Compress ``items`` into ``(shadow_prompt, summary)``."""
        ...


#: memlab's summarizer protocol, as errors about a summarizer quote it.
PROTOCOL = "async def summarize(self, items, *, must_keep=())"


def check_summarizer(summarizer: Any) -> Summarizer | None:
    """``None``, or a summarizer memlab knows how to call; anything else is refused now, not at run time.

    Two shapes work: memlab's protocol, ``async def summarize(self, items, *,
    must_keep=())``, and the cookbook's, ``async def summarize(self,
    messages)``, which is called with the items alone (:func:`takes_must_keep`).
    Anything memlab could not call — no ``summarize``, a plain ``def``, a
    signature that cannot take the items — would fail every summary, so a
    session refuses it when it is built (or given it).

    Raises:
        TypeError: For anything else; the message quotes the protocol and says what to change.
    """
    if summarizer is None:
        return None
    name = type(summarizer).__name__
    method = getattr(summarizer, "summarize", None)
    if not callable(method):
        problem = f"{name} has no summarize method"
    elif not (inspect.iscoroutinefunction(method) or inspect.iscoroutinefunction(getattr(method, "__call__", None))):
        problem = f"{name}.summarize is not async: write it as 'async def summarize(...)'"
    else:
        problem = _call_problem(method, name)
    if problem:
        raise TypeError(f"a summarizer needs {PROTOCOL} returning (shadow_prompt, summary); {problem}")
    return summarizer


def takes_must_keep(summarizer: Summarizer) -> bool:
    """Whether ``summarizer.summarize`` accepts a ``must_keep`` keyword (by that name, or through ``**kwargs``).

    A session tells the fidelity gate's facts only to a summarizer that takes
    them. One written the cookbook's way (``summarize(self, messages)``) is
    called with the items alone; with a gate, its summaries are still checked —
    it is just not told in advance which facts will be.
    """
    return _accepts_must_keep(inspect.signature(summarizer.summarize))


def call_summarizer(summarizer: Summarizer, items: list[Item], must_keep: Sequence[str], *, tell: bool) -> Any:
    """Call ``summarizer.summarize`` the way it was written, and return what it returns (an awaitable).

    memlab's protocol gets the items and the must-keep facts; a summarizer of
    the cookbook's shape gets :func:`cookbook_messages` of the items.

    Args:
        summarizer: A summarizer :func:`check_summarizer` accepted.
        items: What to summarize.
        must_keep: The fidelity gate's facts.
        tell: :func:`takes_must_keep` of this summarizer, decided once when it was set.
    """
    return summarizer.summarize(items, must_keep=must_keep) if tell else summarizer.summarize(cookbook_messages(items))


def cookbook_messages(items: Sequence[Item]) -> list[dict[str, str]]:
    """``items`` as the cookbook's summarizers expect them: ``{"role", "content"}`` with text content.

    The cookbook's ``summarize(self, messages)`` reads ``m["role"]`` and
    ``m["content"].strip()``; SDK items are richer (an assistant's content is
    a list of parts, a tool call has no role). Each message keeps its role and
    becomes plain text; a tool call is the assistant's line ``called
    name(arguments)``; a tool output is a ``tool`` message; reasoning, which
    holds nothing to read, is left out.
    """
    messages = []
    for item in items:
        kind = item_type(item)
        if kind == "reasoning":
            continue
        if kind in NAMED_CALLS:
            role, text = "assistant", f"called {item_text(item)}"
        elif kind in NAMED_OUTPUTS:
            role, text = "tool", item_text(item)
        else:
            role, text = str(item.get("role") or "assistant"), item_text(item)
        messages.append({"role": role, "content": text})
    return messages


def _accepts_must_keep(signature: inspect.Signature) -> bool:
    return any(p.kind is p.VAR_KEYWORD or (p.name == "must_keep" and p.kind is not p.POSITIONAL_ONLY)
               for p in signature.parameters.values())


def _call_problem(method: Any, name: str) -> str | None:
    """Why memlab could not call ``method`` with the items (``None``: it can)."""
    try:
        signature = inspect.signature(method)
    except (TypeError, ValueError):
        return f"memlab cannot read the parameters of {name}.summarize"
    try:
        signature.bind([], must_keep=()) if _accepts_must_keep(signature) else signature.bind([])
    except TypeError:
        return f"{name}.summarize{signature} cannot be called with the items: give it one parameter for them"
    return None


def check_summary(result: Any) -> tuple[str, str]:
    """Validate what a summarizer returned; give back ``(shadow_prompt, summary)`` as plain ``str``.

    Both texts become items the model is sent, so each must pass the check an
    item gets (:func:`memlab.items.check_text`): text holding a lone surrogate
    would be stored, then break every later request.

    Raises:
        SummarizationError: For anything but a pair of (text or ``None``, non-empty
            text), or text that no request can carry.
    """
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise SummarizationError(
            f"a summarizer must return (shadow_prompt, summary), got {type(result).__name__} {str(result)[:40]!r}"
        )
    shadow, summary = result
    if not isinstance(summary, str) or not summary.strip():
        raise SummarizationError("the summarizer returned an empty summary")
    if shadow is not None and not isinstance(shadow, str):
        raise SummarizationError(f"the shadow prompt must be text or None, got {type(shadow).__name__}")
    # str() of a str subclass is still the subclass; "".join gives a plain str.
    shadow, summary = "".join(shadow or SHADOW_PROMPT), "".join(summary.strip())
    try:
        return check_text(shadow, "the shadow prompt"), check_text(summary, "the summary")
    except ValueError as exc:
        raise SummarizationError(str(exc)) from None


def incomplete_reason(response: Any) -> str | None:
    """Why a Responses API reply was cut short (``max_output_tokens``...), or ``None`` if it is whole."""
    if getattr(response, "status", None) != "incomplete":
        return None
    details = getattr(response, "incomplete_details", None)
    return getattr(details, "reason", None) or "unknown reason"


class LLMSummarizer:
    """A :class:`Summarizer` that asks a model through the Responses API, with memlab's prompt or yours.

    Args:
        client: An ``openai.AsyncOpenAI`` (or a sync ``openai.OpenAI``, called in
            a worker thread). memlab's offline client works the same way.
        model: The summarizer's model. Summarizing is extraction — copy the
            identifiers, sort what happened into sections — not reasoning, so a
            small, fast model is usually enough, and it is called on every
            compaction. Do not guess: summarize a few real conversations with
            two models and grade both notes with :func:`memlab.evals.judge_summary`;
            pick the cheaper one unless the judge's scores drop.
        max_tokens: ``max_output_tokens`` for the summary (the API's minimum is
            16). A response cut short by this limit is an error, never a half
            summary.
        tool_trim_limit: Tool outputs longer than this many characters are cut
            in the transcript the summarizer reads. The trade: a lower limit
            makes the summary request shorter and cheaper (tool outputs are the
            largest items in a support history), but details that sat only in
            the cut part — a carrier event, a test reading — are lost to the
            summary. Identifiers in the cut part are not: the transcript lists
            them after the cut, so they can still be copied verbatim.
        max_words: A length budget for the note, or ``None`` for none. The
            prompt asks for a note under this many words, identifiers and
            must-keep facts first. The note is re-sent with every later model
            call, so this trades summary length (tokens on every turn) against
            detail (older steps, timeline and tool lines go first) — a policy
            lever for the evals to tune.
        agent_instructions: The agent's own instructions, so the prompt can ask
            the summarizer to flag steps that contradicted them.
        timeout: Seconds for one request, or ``None`` for the client's default
            (the client also retries transient errors itself).
        prompt: Your own summary prompt, or ``None`` for memlab's
            (:data:`memlab.prompts.SUMMARY_PROMPT` is memlab's as text: edit it,
            re-run, compare the notes). It is sent as written; memlab then adds,
            under a line that says so, how the transcript reads and — where they
            apply — the ``max_words`` budget, the fidelity gate's must-keep facts
            and the ``agent_instructions`` (:func:`memlab.prompts.summary_prompt`).
            :meth:`request` shows exactly what is sent. Offline, the offline
            model follows your prompt's sections, their order, its word budget,
            its rule on identifiers and a request for a timeline or milestones.

    Raises:
        TypeError: For a parameter of the wrong type.
        ValueError: For ``max_tokens`` below 16, a non-positive
            ``tool_trim_limit``, a ``max_words`` below 20, a timeout that is
            not a positive, finite number, or an empty ``prompt``.
    """

    def __init__(
        self,
        client: Any,
        model: str = "gpt-4.1-mini",
        max_tokens: int = 800,
        tool_trim_limit: int = 600,
        *,
        max_words: int | None = None,
        agent_instructions: str | None = None,
        timeout: float | None = 60.0,
        prompt: str | None = None,
    ) -> None:
        if not callable(getattr(getattr(client, "responses", None), "create", None)):
            raise TypeError(f"client must be an openai client (with responses.create), not {type(client).__name__}")
        self.client = client
        if not isinstance(model, str) or not model:
            raise TypeError(f"model must be a model name (a non-empty str), not {model!r}")
        self.model = model
        self.max_tokens = check_int("max_tokens", max_tokens, minimum=16)  # the API's minimum
        self.tool_trim_limit = check_int("tool_trim_limit", tool_trim_limit, minimum=1)
        self.max_words = check_optional_int("max_words", max_words, minimum=MIN_MAX_WORDS)
        self.agent_instructions = agent_instructions
        self.timeout = check_seconds("timeout", timeout)
        summary_prompt(prompt=prompt)  # checks it now, not at the first summary
        self.prompt = prompt

    def request(self, items: list[Item], must_keep: Sequence[str] = ()) -> dict[str, Any]:
        """The ``responses.create`` arguments for ``items``: prompt, transcript and limits."""
        request: dict[str, Any] = {
            "model": self.model,
            "instructions": summary_prompt(self.agent_instructions, list(must_keep), max_words=self.max_words, prompt=self.prompt),
            "input": [{"role": "user", "content": render_transcript(items, self.tool_trim_limit)}],
            "max_output_tokens": self.max_tokens,
        }
        if self.timeout is not None:
            request["timeout"] = self.timeout
        return request

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        """Return ``(shadow_prompt, summary)`` for ``items``.

        Args:
            items: What to summarize, oldest first.
            must_keep: Facts the summary must hold verbatim; the prompt lists them.

        Raises:
            SummarizationError: If the response is incomplete or empty.
        """
        response = await call_either(self.client.responses.create, **self.request(items, must_keep))
        reason = incomplete_reason(response)
        if reason is not None:
            raise SummarizationError(f"summary response incomplete ({reason}); raise max_tokens")
        summary = (getattr(response, "output_text", "") or "").strip()
        if not summary:
            raise SummarizationError("the model returned an empty summary")
        return SHADOW_PROMPT, summary
