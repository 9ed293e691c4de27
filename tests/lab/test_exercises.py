"""The exercise checks: each notebook's hidden cases pass with its solution and catch a wrong answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlab.lab.exercises.report import acheck_cases, check_cases


def test_a_report_lists_each_case_and_never_raises() -> None:
    def passes() -> None:
        return None

    def explains() -> str:
        return "kept 3 turns, expected 2"

    def asserts() -> None:
        raise AssertionError("the view starts mid-turn")

    def crashes() -> None:
        raise KeyError("role")

    report = check_cases("Exercise 1", [("a", passes), ("b", explains), ("c", asserts), ("d", crashes)])
    assert not report.ok and (report.passed, report.total) == (1, 4)
    assert str(report).splitlines() == [
        "Exercise 1:", "  ✓ a", "  ✗ b: kept 3 turns, expected 2", "  ✗ c: the view starts mid-turn",
        "  ✗ d: raised KeyError: 'role'", "1/4 hidden cases pass",
    ]


def test_an_exercise_not_started_says_so() -> None:
    def unstarted() -> None:
        raise NotImplementedError

    report = check_cases("Exercise 2", [("a", unstarted)])
    assert report.not_started and not report.ok and "not done yet" in str(report)


async def test_async_cases_are_awaited() -> None:
    async def passes() -> bool:
        return True

    assert check_cases("Exercise 3", [("a", passes)]).ok



async def test_acheck_cases_awaits_on_the_callers_loop_and_names_a_refused_request() -> None:
    import asyncio

    import httpx
    import openai

    loop = asyncio.get_running_loop()

    async def same_loop() -> bool:
        return asyncio.get_running_loop() is loop

    async def refused() -> None:
        request = httpx.Request("POST", "http://stand-in/v1/responses")
        response = httpx.Response(400, request=request)
        raise openai.BadRequestError("Error code: 400", response=response, body={"message": "No tool call found"})

    report = await acheck_cases("Exercise 4", [("same loop", same_loop), ("refused", refused)])
    assert str(report).splitlines() == [
        "Exercise 4:", "  ✓ same loop",
        "  ✗ refused: the model call failed (BadRequestError: No tool call found)", "1/2 hidden cases pass",
    ]

def returns_within_a_minute(check):
    """``check()``'s result; fails the test (instead of hanging it) if the check does not return."""
    import threading

    outcome = []
    checking = threading.Thread(target=lambda: outcome.append(check()), daemon=True)
    checking.start()
    checking.join(60)
    assert not checking.is_alive() and outcome, "the check hung"
    return outcome[0]


def test_an_async_case_that_never_finishes_is_one_line_and_the_rest_are_not_run(monkeypatch) -> None:
    import asyncio
    import threading

    from memlab.lab.exercises import report as _report

    monkeypatch.setattr(_report, "CASE_SECONDS", 0.3, raising=False)

    async def waits_forever() -> None:
        await asyncio.Event().wait()

    def blocks_its_thread() -> None:
        lock = threading.Lock()
        lock.acquire()

        async def case() -> None:
            lock.acquire()  # taken twice: no await, so only giving up on the thread can end it

        return case()

    async def passes() -> None:
        return None

    for hang in (waits_forever, blocks_its_thread):
        report = returns_within_a_minute(
            lambda: check_cases("Exercise 5", [("a", passes), ("b", hang), ("c", passes), ("d", passes)])
        )
        lines = str(report).splitlines()
        assert lines[1] == "  ✓ a" and lines[2].startswith("  ✗ b: did not finish within 0.3 s"), lines
        assert lines[3:] == ["  ✗ 2 more case(s) not run: fix the hang above first", "1/4 hidden cases pass"]


async def test_acheck_cases_gives_up_on_a_case_that_never_finishes_but_not_on_a_learners_own_timeout() -> None:
    import asyncio

    async def waits_forever() -> None:
        await asyncio.Event().wait()

    async def raises_its_own() -> None:
        raise TimeoutError("the learner's own")

    report = await acheck_cases("Exercise 6", [("own", raises_its_own), ("hangs", waits_forever)], seconds=0.2)
    assert str(report).splitlines()[1:3] == [
        "  ✗ own: raised TimeoutError: the learner's own",
        "  ✗ hangs: did not finish within 0.2 s, so the check gave up on it: does a loop never end (a counter "
        "never moves on), or a method wait for something that never comes (a lock it already holds, an "
        "event nobody sets)?",
    ]


class Spinner:
    """A learner's loop that never ends (``while i < n`` with no ``i += 1``), as far as a check can tell.

    ``spins`` counts its rounds, so a test can see whether it still runs after
    the check returned. Its only way out is :attr:`give_up`, set by a timer a
    minute later: a safety net, so that a check that cannot stop the loop fails
    the test instead of hanging the suite.
    """

    def __init__(self) -> None:
        import threading

        self.spins = 0
        self.threads_before = set(threading.enumerate())
        self.give_up = threading.Event()
        self._net = threading.Timer(60, self.give_up.set)
        self._net.daemon = True
        self._net.start()

    def spin(self) -> None:
        i = 0
        while i < 1:  # forgot i += 1
            try:
                self.spins += 1
                if self.give_up.is_set():
                    return
            except Exception:  # noqa: BLE001 — a learner's catch-all does not swallow the time limit
                pass

    def still_spinning(self) -> bool:
        """Whether the loop still runs: its count moves while this waits a little."""
        import time

        before = self.spins
        time.sleep(0.1)
        self._net.cancel()
        return self.spins != before

    def threads_left(self) -> list[str]:
        """The check's worker threads started since this spinner was made that still run."""
        import threading

        return [thread.name for thread in set(threading.enumerate()) - self.threads_before
                if thread.name == "memlab-exercise-case" and thread.is_alive()]


def test_a_plain_case_that_loops_forever_is_stopped_and_reported_in_one_line(monkeypatch) -> None:
    import signal

    from memlab.lab.exercises import report as _report

    monkeypatch.setattr(_report, "CASE_SECONDS", 0.3, raising=False)
    spinner = Spinner()
    handler = signal.getsignal(signal.SIGALRM)

    def passes() -> None:
        return None

    def loops() -> None:
        spinner.spin()

    report = check_cases("Exercise 7", [("a", passes), ("b", loops), ("c", passes)])  # before: hung here
    lines = str(report).splitlines()
    assert lines[1] == "  ✓ a" and lines[2].startswith("  ✗ b: did not finish within 0.3 s, so the check gave up"), lines
    assert lines[3:] == ["  ✗ 1 more case(s) not run: fix the hang above first", "1/3 hidden cases pass"]
    assert not spinner.still_spinning() and not spinner.threads_left()  # nothing left burning a core
    assert signal.getsignal(signal.SIGALRM) == handler and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_plain_case_that_loops_forever_is_stopped_off_the_main_thread_too(monkeypatch) -> None:
    from memlab.lab.exercises import report as _report

    monkeypatch.setattr(_report, "CASE_SECONDS", 0.3, raising=False)
    spinner = Spinner()

    def loops() -> None:
        spinner.spin()

    report = returns_within_a_minute(lambda: check_cases("Exercise 8", [("loops", loops)]))  # in a thread of its own
    assert str(report).splitlines()[1].startswith("  ✗ loops: did not finish within 0.3 s"), str(report)
    assert not spinner.still_spinning() and not spinner.threads_left()


def test_an_async_case_that_loops_without_awaiting_leaves_no_thread_spinning(monkeypatch) -> None:
    from memlab.lab.exercises import report as _report

    monkeypatch.setattr(_report, "CASE_SECONDS", 0.3, raising=False)
    spinner = Spinner()

    async def loops() -> None:
        spinner.spin()  # no await: only stopping its thread can end it

    report = check_cases("Exercise 9", [("loops", loops)])
    assert "did not finish within 0.3 s" in str(report), str(report)
    assert not spinner.still_spinning() and not spinner.threads_left()  # before: its thread spun on


def _each_checker_with_a_loop_that_never_ends(spinner):
    from memlab.lab.exercises import nb03, nb04

    def window(history, new_input, n):
        spinner.spin()

    def rule(items):
        spinner.spin()

    def make_trigger(max_tokens):
        def should_compact(context):
            spinner.spin()

        return should_compact

    def keep_ids(data):
        spinner.spin()

    return {
        "nb01.check_window": lambda: nb01.check_window(window),
        "nb03.check_contact_rule": lambda: nb03.check_contact_rule(rule),
        "nb04.check_token_trigger": lambda: nb04.check_token_trigger(make_trigger),
        "nb04.check_keep_ids": lambda: nb04.check_keep_ids(keep_ids),
    }


def test_every_plain_checker_gives_up_on_a_loop_that_never_ends(monkeypatch) -> None:
    from memlab.lab.exercises import report as _report

    monkeypatch.setattr(_report, "CASE_SECONDS", 0.2, raising=False)
    spinner = Spinner()
    for name, check in _each_checker_with_a_loop_that_never_ends(spinner).items():
        report = check()  # before: each hung
        lines = str(report).splitlines()
        assert lines[1].endswith("did not finish within 0.2 s, so the check gave up on it: does a loop never end "
                                 "(a counter never moves on), or a method wait for something that never comes "
                                 "(a lock it already holds, an event nobody sets)?"), (name, lines)
        assert lines[2].endswith("more case(s) not run: fix the hang above first") and report.passed == 0, (name, lines)
    assert not spinner.still_spinning() and not spinner.threads_left()


def test_what_a_case_raises_beyond_exception_is_one_line_and_the_stop_button_still_stops() -> None:
    import asyncio
    import sys

    async def awaits_a_cancelled_task() -> None:
        helper = asyncio.ensure_future(asyncio.sleep(60))
        helper.cancel()
        await helper

    def exits() -> None:
        sys.exit()

    async def exits_with_a_code() -> None:
        sys.exit(3)  # (exit() itself also closes sys.stdin)

    def generator_exit() -> None:
        raise GeneratorExit

    def passes() -> None:
        return None

    report = check_cases("Exercise 10", [  # before: the first of these escaped as a traceback
        ("cancelled", awaits_a_cancelled_task), ("exit", exits), ("exit(3)", exits_with_a_code),
        ("generator", generator_exit), ("after them", passes),
    ])
    assert str(report).splitlines()[1:] == [
        "  ✗ cancelled: raised CancelledError: a task it awaited was cancelled",
        "  ✗ exit: called exit() (SystemExit): return or raise instead; exit() ends the program",
        "  ✗ exit(3): called exit() with 3 (SystemExit): return or raise instead; exit() ends the program",
        "  ✗ generator: raised GeneratorExit",
        "  ✓ after them",
        "1/5 hidden cases pass",
    ]

    def presses_stop() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_cases("Exercise 11", [("stop", presses_stop), ("after it", passes)])


async def test_acheck_cases_reports_a_cancelled_helper_but_is_cancelled_itself_when_its_task_is() -> None:
    import asyncio

    async def awaits_a_cancelled_task() -> None:
        helper = asyncio.ensure_future(asyncio.sleep(60))
        helper.cancel()
        await helper

    report = await acheck_cases("Exercise 12", [("cancelled", awaits_a_cancelled_task)])  # before: escaped
    assert str(report).splitlines()[1] == "  ✗ cancelled: raised CancelledError: a task it awaited was cancelled"

    started = asyncio.Event()

    async def waits() -> None:
        started.set()
        await asyncio.Event().wait()

    check = asyncio.create_task(acheck_cases("Exercise 13", [("waits", waits)]))
    await started.wait()
    check.cancel()
    with pytest.raises(asyncio.CancelledError):
        await check
    assert check.cancelled()


def test_a_checker_reports_exit_in_the_learners_code_per_case() -> None:
    import sys

    def window(history, new_input, n):
        sys.exit()

    report = nb01.check_window(window)  # before: SystemExit escaped the check
    lines = str(report).splitlines()
    assert report.passed == 0 and len(lines) == len(nb01.WINDOW_CASES) + 2, lines
    assert all(line.endswith(": called exit() (SystemExit): return or raise instead; exit() ends the program")
               for line in lines[1:-1]), lines


@pytest.mark.process
def test_the_checks_validate_without_assert_so_python_O_keeps_every_message() -> None:
    import subprocess
    import sys

    script = (
        "from memlab.lab.exercises import nb04\n"
        "def returns_a_list(data):\n"
        "    return list(data.model_data.input)\n"
        "print(nb04.check_keep_ids(returns_a_list))\n"
    )
    shown = subprocess.run([sys.executable, "-O", "-c", script], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    # before: under -O the assert vanished and the line read "raised AttributeError: 'list' object has no attribute 'input'"
    assert "return a ModelInputData, not list" in shown.stdout, shown.stdout


# ---------------------------------------------------------------- notebook 01: sessions and turns
# (memlab.lab.exercises.nb01.check_window: a window of the newest n whole turns, then the new input)

from memlab.lab.exercises import nb01  # noqa: E402 — this section stands on its own


def _nb01_turn_starts(history):
    return [i for i, item in enumerate(history) if item.get("role") == "user" and item.get("type", "message") == "message"]


def _nb01_solution(history, new_input, n):
    """The notebook's solution, in plain Python."""
    starts = _nb01_turn_starts(history)
    if len(starts) <= n:
        return history + new_input
    return history[starts[-n]:] + new_input


def test_nb01_the_solution_passes_every_hidden_case() -> None:
    report = nb01.check_window(_nb01_solution)
    assert report.ok, str(report)
    assert report.total == len(nb01.WINDOW_CASES) >= 6


def test_nb01_memlabs_own_callback_passes_too() -> None:
    import memlab

    report = nb01.check_window(lambda history, new_input, n: memlab.keep_last_turns(n)(history, new_input))
    assert report.ok, str(report)


def test_nb01_every_expected_window_is_a_request_the_api_accepts() -> None:
    from memlab.offline.checks import check_request

    for name, history, new_input, n in nb01.WINDOW_CASES:
        check_request({"model": "gpt-4.1-mini", "input": _nb01_solution(history, new_input, n)})  # raises on a 400


def test_nb01_cutting_items_instead_of_turns_fails_with_the_apis_400() -> None:
    report = nb01.check_window(lambda history, new_input, n: history[-2 * n:] + new_input)
    assert not report.ok
    assert "the API would answer 400: No tool call found for function call output" in str(report)


def test_nb01_counting_only_typed_user_messages_fails() -> None:
    def typed_only(history, new_input, n):
        starts = [i for i, item in enumerate(history) if item.get("type") == "message" and item.get("role") == "user"]
        return (history if len(starts) <= n else history[starts[-n]:]) + new_input

    report = nb01.check_window(typed_only)
    assert not report.ok and "kept 3 turns, expected 2" in str(report)


def test_nb01_the_preamble_rule_is_checked_both_ways() -> None:
    def always_keep(history, new_input, n):
        starts = _nb01_turn_starts(history)
        if len(starts) <= n:
            return history + new_input
        return history[: starts[0]] + history[starts[-n]:] + new_input

    def never_keep(history, new_input, n):
        starts = _nb01_turn_starts(history)
        return (history[starts[max(len(starts) - n, 0)]:] if starts else []) + new_input

    assert "kept the preamble although turn 1 was cut" in str(nb01.check_window(always_keep))
    assert "dropped the preamble although every turn fits" in str(nb01.check_window(never_keep))


def test_nb01_an_answer_without_the_new_input_or_off_by_one_fails() -> None:
    missing = nb01.check_window(lambda history, new_input, n: _nb01_solution(history, [], n))
    assert missing.passed == 0 and "the new input must come last, unchanged" in str(missing)
    one_more = nb01.check_window(lambda history, new_input, n: _nb01_solution(history, new_input, n + 1))
    assert not one_more.ok and "kept 2 turns, expected 1" in str(one_more)


def test_nb01_the_starting_point_says_not_done_yet_and_a_crash_is_one_line() -> None:
    def starting_point(history, new_input, n):
        raise NotImplementedError("your code here")

    assert "not done yet" in str(nb01.check_window(starting_point))

    def crashes(history, new_input, n):
        return history[_nb01_turn_starts(history)[-n]:] + new_input  # no guard for short histories

    report = nb01.check_window(crashes)
    assert not report.ok and "raised IndexError" in str(report)


def test_nb01_an_answer_that_edits_its_arguments_cannot_spoil_the_cases() -> None:
    def destructive(history, new_input, n):
        result = _nb01_solution(history, new_input, n)
        history.clear()
        new_input.clear()
        return result

    assert nb01.check_window(destructive).ok
    assert nb01.check_window(_nb01_solution).ok
# ------------------------------------------------------------------ 02_trimming and 03_summarizing
# The checks of memlab.lab.exercises.nb02 and nb03: each solution (as in the notebooks' <details>) passes
# every hidden case, and a plausible wrong answer fails at least one.

from agents.memory import SessionABC  # noqa: E402
from agents.memory.session_settings import resolve_session_limit  # noqa: E402

from memlab import SHADOW_PROMPT  # noqa: E402
from memlab.lab.exercises import nb02, nb03  # noqa: E402
from memlab.facts import find_facts  # noqa: E402
from memlab.turns import is_user_message, item_text  # noqa: E402


class Nb02SolutionSession(SessionABC):
    """The worked solution of 02's Exercise 1."""

    def __init__(self, session_id, max_turns=3, session_settings=None):
        self.session_id = session_id
        self.max_turns = max_turns
        self.session_settings = session_settings
        self._items = []

    def _window(self):
        starts = [i for i, item in enumerate(self._items)
                  if item.get("role") == "user" and item.get("type", "message") == "message"]
        if len(starts) <= self.max_turns:
            return self._items
        return self._items[starts[-self.max_turns]:]

    async def get_items(self, limit=None):
        limit = resolve_session_limit(limit, self.session_settings)
        window = self._window()
        if limit is None:
            return list(window)
        return window[-limit:] if limit > 0 else []

    async def add_items(self, items):
        self._items.extend(items)
        self._items = self._window()

    async def pop_item(self):
        return self._items.pop() if self._items else None

    async def clear_session(self):
        self._items = []


class Nb02TrimsByItems(Nb02SolutionSession):
    """Wrong: two items per turn, as if no turn ever called a tool."""

    def _window(self):
        return self._items[-2 * self.max_turns:]


class Nb02SlicesWithLimitZero(Nb02SolutionSession):
    """Wrong: ``window[-limit:]`` for every limit, so limit=0 returns everything."""

    async def get_items(self, limit=None):
        limit = resolve_session_limit(limit, self.session_settings)
        return list(self._window()) if limit is None else self._window()[-limit:]


class Nb02PopRaisesWhenEmpty(Nb02SolutionSession):
    """Wrong: list.pop() on an empty session raises instead of returning None."""

    async def pop_item(self):
        return self._items.pop()


class NotStartedTrimmingSession(SessionABC):
    """The notebook's committed skeleton."""

    def __init__(self, session_id, max_turns=3, session_settings=None):
        self.session_id, self.max_turns, self.session_settings = session_id, max_turns, session_settings

    async def get_items(self, limit=None):
        raise NotImplementedError

    async def add_items(self, items):
        raise NotImplementedError

    async def pop_item(self):
        raise NotImplementedError

    async def clear_session(self):
        raise NotImplementedError


def test_nb02_the_solution_session_passes_every_hidden_case() -> None:
    report = nb02.check_trimming_session(Nb02SolutionSession)
    assert report.ok, str(report)


def test_nb02_plausible_wrong_sessions_fail_a_case() -> None:
    for wrong in (Nb02TrimsByItems, Nb02SlicesWithLimitZero, Nb02PopRaisesWhenEmpty):
        report = nb02.check_trimming_session(wrong)
        assert not report.ok and not report.not_started and report.passed < report.total, wrong.__name__


def test_nb02_the_skeleton_is_not_started() -> None:
    report = nb02.check_trimming_session(NotStartedTrimmingSession)
    assert report.not_started and "not done yet" in str(report)


class Nb02WritesItsTurnIntoTheItems(Nb02SolutionSession):
    """Wrong: bookkeeping inside the items it is given; the runner would send ``turn`` to the API (400)."""

    async def add_items(self, items):
        for item in items:
            item["turn"] = sum(1 for i in self._items if i.get("role") == "user") + 1
        await super().add_items(items)


class Nb02DeadlocksOnItsOwnLock(Nb02SolutionSession):
    """Wrong: add_items holds the lock and calls get_items, which waits for the same lock."""

    def __init__(self, *args, **kwargs):
        import asyncio

        super().__init__(*args, **kwargs)
        self._lock = asyncio.Lock()

    async def get_items(self, limit=None):
        async with self._lock:
            return await super().get_items(limit)

    async def add_items(self, items):
        async with self._lock:
            await super().add_items(items)
            await self.get_items()


def test_nb02_a_session_that_writes_bookkeeping_into_the_items_fails_and_says_why() -> None:
    report = nb02.check_trimming_session(Nb02WritesItsTurnIntoTheItems)  # before: 11/11
    assert not report.ok and report.passed < report.total, str(report)
    assert "add_items wrote 'turn' into them" in str(report) and "(a 400 error)" in str(report)


class Nb02SharesOneHistory(Nb02SolutionSession):
    """Wrong: the history is a class attribute, so every session (every user) reads and writes one list."""

    history = []

    def __init__(self, session_id, max_turns=3, session_settings=None):
        self.session_id, self.max_turns, self.session_settings = session_id, max_turns, session_settings

    def _window(self):
        starts = [i for i, item in enumerate(self.history) if item.get("role") == "user"]
        return self.history if len(starts) <= self.max_turns else self.history[starts[-self.max_turns]:]

    async def add_items(self, items):
        self.history.extend(items)
        self.history[:] = self._window()

    async def pop_item(self):
        return self.history.pop() if self.history else None

    async def clear_session(self):
        self.history.clear()


def test_nb02_a_session_whose_history_is_shared_by_every_instance_fails_in_one_line() -> None:
    report = nb02.check_trimming_session(Nb02SharesOneHistory)  # before: 11/11
    assert not report.ok and report.passed == report.total - 1, str(report)
    failed = [line for line in str(report).splitlines() if line.startswith("  ✗")]
    assert failed == [
        "  ✗ two sessions keep two histories: the second does not see the first one's items: the second one read "
        "the first one's PIN, as every user would read every other's history: give each session its own list in "
        "__init__ (self._items = []), not one shared by the class"
    ]


def test_nb02_a_session_that_deadlocks_is_reported_in_one_line_instead_of_hanging(monkeypatch) -> None:
    from memlab.lab.exercises import report as _report

    monkeypatch.setattr(_report, "CASE_SECONDS", 0.5, raising=False)
    report = returns_within_a_minute(lambda: nb02.check_trimming_session(Nb02DeadlocksOnItsOwnLock))  # before: hung
    assert "did not finish within 0.5 s" in str(report) and report.total == 12 and not report.ok, str(report)


async def test_nb02_the_prediction_check(api) -> None:
    assert nb02.PREDICTION_MAX_TURNS == 6
    assert (await nb02.check_prediction(None, None)).not_started
    # Turn 26 repeats the order number six turns before its probe: a six-turn window still holds it. The
    # serial was last repeated at turn 8 (the agent could not rerun diagnostics at turn 20 without it).
    right = await nb02.check_prediction({"order_number"}, 8)
    assert right.ok, str(right)
    wrong = await nb02.check_prediction({"serial"}, 7)
    assert (wrong.passed, wrong.total) == (3, 6), str(wrong)


def nb03_contact_preference(items):
    """The worked solution of 03's Exercise 2."""
    texts = []
    for before, item in zip([None, *items], items):
        if is_user_message(item):
            texts.append(item_text(item))
        elif before is not None and item_text(before) == SHADOW_PROMPT:
            texts.append(item_text(item))  # the earlier summary speaks for the customer
    return find_facts("\n".join(texts)).get("contact_channel", [])[-1:]


def test_nb03_the_solution_rule_passes_every_hidden_case() -> None:
    report = nb03.check_contact_rule(nb03_contact_preference)
    assert report.ok, str(report)


def test_nb03_plausible_wrong_rules_fail_a_case() -> None:
    def user_messages_only(items):
        return find_facts("\n".join(item_text(i) for i in items if is_user_message(i))).get("contact_channel", [])[-1:]

    def every_item(items):
        return find_facts("\n".join(item_text(i) for i in items)).get("contact_channel", [])[-1:]

    def first_mention(items):
        return find_facts("\n".join(item_text(i) for i in items if is_user_message(i))).get("contact_channel", [])[:1]

    def a_string(items):
        return "".join(nb03_contact_preference(items))

    for wrong in (user_messages_only, every_item, first_mention, a_string):
        report = nb03.check_contact_rule(wrong)
        assert not report.ok and not report.not_started and report.passed < report.total, wrong.__name__


def test_nb03_a_rule_that_edits_its_items_cannot_spoil_a_later_check() -> None:
    def blanks_the_parts(items):
        for item in items:
            if isinstance(item.get("content"), list):
                for part in item["content"]:
                    part["text"] = ""
        return []

    nb03.check_contact_rule(blanks_the_parts)
    report = nb03.check_contact_rule(nb03_contact_preference)  # before: the typed-message case now failed
    assert report.ok, str(report)


def test_nb03_the_skeleton_is_not_started() -> None:
    def todo(items):
        raise NotImplementedError

    assert nb03.check_contact_rule(todo).not_started
# ---------------------------------------------------------------- notebook 05: threads and backends
# (memlab.lab.exercises.nb05: reveal_shared_thread, a prediction; check_finish_approval, a resume on hidden threads)

import pytest  # noqa: E402 — this section stands on its own
from agents import Runner, RunState, SQLiteSession  # noqa: E402

from memlab import TrimmingSession  # noqa: E402
from memlab.lab.exercises import nb05  # noqa: E402


async def _nb05_restored(saved, agent):
    state = await RunState.from_string(agent, saved["state"])
    for pending in state.get_interruptions():
        state.approve(pending)
    return state


async def _nb05_solution(saved, agent):
    """The notebook's solution."""
    state = await _nb05_restored(saved, agent)
    session_id = saved["session_id"]
    thread = TrimmingSession(session_id, max_turns=6, store=SQLiteSession(session_id, saved["file"]))
    return await Runner.run(agent, state, session=thread)


@pytest.mark.usefixtures("api")
async def test_nb05_the_solution_finishes_every_hidden_approval() -> None:
    report = await nb05.check_finish_approval(_nb05_solution)
    assert report.ok, str(report)
    assert report.total == 3


@pytest.mark.usefixtures("api")
async def test_nb05_the_same_session_object_would_do_too() -> None:
    """Resuming on a session that is on the same storage with the same id is all the check asks."""

    async def with_the_file_path_as_given(saved, agent):
        state = await _nb05_restored(saved, agent)
        store = SQLiteSession(saved["session_id"], db_path=saved["file"])
        return await Runner.run(agent, state, session=TrimmingSession(saved["session_id"], store=store))

    assert (await nb05.check_finish_approval(with_the_file_path_as_given)).ok


@pytest.mark.usefixtures("api")
async def test_nb05_a_resume_elsewhere_is_caught_as_a_silent_fork() -> None:
    async def in_memory(saved, agent):
        state = await _nb05_restored(saved, agent)
        return await Runner.run(agent, state, session=TrimmingSession(saved["session_id"], 6))

    async def another_id(saved, agent):
        state = await _nb05_restored(saved, agent)
        store = SQLiteSession("someone-else", saved["file"])
        return await Runner.run(agent, state, session=TrimmingSession("someone-else", 6, store=store))

    for wrong in (in_memory, another_id):
        report = await nb05.check_finish_approval(wrong)
        assert report.passed == 0 and "silent fork" in str(report), str(report)


@pytest.mark.usefixtures("api")
async def test_nb05_a_bare_sqlite_session_or_no_approval_is_explained() -> None:
    async def bare(saved, agent):
        state = await _nb05_restored(saved, agent)
        return await Runner.run(agent, state, session=SQLiteSession(saved["session_id"], saved["file"]))

    async def unapproved(saved, agent):
        state = await RunState.from_string(agent, saved["state"])
        store = SQLiteSession(saved["session_id"], saved["file"])
        return await Runner.run(agent, state, session=TrimmingSession(saved["session_id"], 6, store=store))

    assert "plain SDK items" in str(await nb05.check_finish_approval(bare))
    assert "stopped again for approval" in str(await nb05.check_finish_approval(unapproved))


@pytest.mark.usefixtures("api")
async def test_nb05_the_starting_point_says_not_done_yet() -> None:
    async def starting_point(saved, agent):
        raise NotImplementedError("your code here")

    report = await nb05.check_finish_approval(starting_point)
    assert report.not_started and "not done yet" in str(report)


async def nb05_sessions(tmp_path: Path) -> tuple[TrimmingSession, dict[str, TrimmingSession]]:
    """Notebook 05's prediction: a reference thread in a file, and five sessions that may or may not read it."""
    db, other = tmp_path / "support.db", tmp_path / "elsewhere.db"
    reference = TrimmingSession("customer-60", max_turns=3, store=SQLiteSession("customer-60", db))
    await reference.add_items([{"role": "user", "content": "My order is ORD-48213."}])
    await TrimmingSession("customer-9", store=SQLiteSession("customer-9", db)).add_items([{"role": "user", "content": "Hi"}])
    candidates = {
        "a": TrimmingSession("customer-60", max_turns=3, store=SQLiteSession("customer-60", db)),
        "b": TrimmingSession("customer-60", max_turns=3),
        "c": TrimmingSession("customer-9", max_turns=3, store=SQLiteSession("customer-9", db)),
        "d": TrimmingSession("customer-60", max_turns=3, store=SQLiteSession("customer-60", other)),
        "e": TrimmingSession("customer-60", max_turns=8, store=SQLiteSession("customer-60", db)),
    }
    return reference, candidates


@pytest.mark.usefixtures("api")
async def test_nb05_the_prediction_is_compared_with_what_each_session_reads(tmp_path) -> None:
    reference, candidates = await nb05_sessions(tmp_path)
    right = await nb05.reveal_shared_thread({"a", "E"}, candidates, reference)
    assert right.ok and "5/5 predicted right" in str(right)
    wrong = await nb05.reveal_shared_thread({"a", "b"}, candidates, reference)
    assert not wrong.ok and (wrong.right, wrong.total) == (3, 5)
    assert "✗ b: reads 0 items — its history lives in the object itself" in str(wrong)
    assert "✗ e: reads 1 item — same file, same id" in str(wrong)
    assert "not done yet" in str(await nb05.reveal_shared_thread(set(), candidates, reference))


# ---------------------------------------------------------------- notebook 06: the trust boundary
# (memlab.lab.exercises.nb06: reveal_refusals, a prediction; check_open_thread, a tenant's thread guarded twice)

import secrets  # noqa: E402 — this section stands on its own

from memlab import IntegritySession, TenantGuardSession, tenant_session_id  # noqa: E402
from memlab.lab.exercises import nb06  # noqa: E402
from memlab.scenario import support_agent  # noqa: E402


def _nb06_solution(tenant_id, conversation_id, file, key):
    """The notebook's solution."""
    thread_id = tenant_session_id(tenant_id, conversation_id)
    return TenantGuardSession(IntegritySession(SQLiteSession(thread_id, file), key), tenant_id)


@pytest.mark.usefixtures("api")
async def test_nb06_the_solution_passes_every_hidden_case() -> None:
    report = await nb06.check_open_thread(_nb06_solution)
    assert report.ok, str(report)
    assert report.total == 7


@pytest.mark.usefixtures("api")
async def test_nb06_a_thread_stored_under_the_id_the_request_names_is_caught() -> None:
    def requested_id(tenant_id, conversation_id, file, key):  # the notebook's solution until now
        return TenantGuardSession(IntegritySession(SQLiteSession(conversation_id, file), key), tenant_id)

    report = await nb06.check_open_thread(requested_id)
    assert report.passed == 0, str(report)
    assert ("open_thread refused the tenant's own conversation (session 'customer-42' does not belong to tenant "
            "'acme'") in str(report)
    assert "store it under tenant_session_id(tenant_id, conversation_id)" in str(report)


def _nb06_stored_ids_pass_through(tenant_id, conversation_id):
    """A handler that takes a whole stored id ("acme:customer-42") from the request as it is."""
    return conversation_id if ":" in conversation_id else tenant_session_id(tenant_id, conversation_id)


@pytest.mark.usefixtures("api")
async def test_nb06_a_request_as_globex_naming_acmes_conversation_must_not_reach_it() -> None:
    def guard_checks_only_the_run(tenant_id, conversation_id, file, key):
        """The issue's attack: a guard that checks only the run's tenant, as TenantGuardSession did before
        it checked whose conversation it wraps (its wrapped session is swapped in after that check)."""
        guard = TenantGuardSession(SQLiteSession(tenant_session_id(tenant_id, "placeholder")), tenant_id)
        guard.underlying_session = IntegritySession(SQLiteSession(_nb06_stored_ids_pass_through(tenant_id, conversation_id), file), key)
        return guard

    report = await nb06.check_open_thread(guard_checks_only_the_run)  # before this case: 6/6
    assert (report.passed, report.total) == (6, 7), str(report)
    assert ("✗ a request as another tenant that names this conversation never reaches it: globex, naming "
            "'acme:customer-42', was sent acme's history") in str(report)

    def macs_bound_to_the_caller(tenant_id, conversation_id, file, key):
        """Reads the named store, but signs for the caller: the chain, not the guard, is what stops globex."""
        inner = IntegritySession(SQLiteSession(_nb06_stored_ids_pass_through(tenant_id, conversation_id), file), key,
                                 session_id=tenant_session_id(tenant_id, "signed"))
        return TenantGuardSession(inner, tenant_id)

    report = await nb06.check_open_thread(macs_bound_to_the_caller)
    assert (report.passed, report.total) == (6, 7), str(report)
    assert "globex, naming 'acme:customer-42', reached acme's stored rows (refused only by IntegrityError)" in str(report)


@pytest.mark.usefixtures("api")
async def test_nb06_each_missing_guard_is_caught() -> None:
    def no_tenant_guard(tenant_id, conversation_id, file, key):
        return IntegritySession(SQLiteSession(tenant_session_id(tenant_id, conversation_id), file), key)

    def no_integrity(tenant_id, conversation_id, file, key):
        return TenantGuardSession(SQLiteSession(tenant_session_id(tenant_id, conversation_id), file), tenant_id)

    unguarded = await nb06.check_open_thread(no_tenant_guard)
    assert (unguarded.passed, unguarded.total) == (5, 7), str(unguarded)
    assert "another tenant is refused before anything is read or sent: the run went through" in str(unguarded)
    assert "the rows on disk are not signed" in str(await nb06.check_open_thread(no_integrity))


@pytest.mark.usefixtures("api")
async def test_nb06_the_guards_in_the_wrong_order_or_the_wrong_key_are_explained() -> None:
    def guard_inside(tenant_id, conversation_id, file, key):
        thread_id = tenant_session_id(tenant_id, conversation_id)
        return IntegritySession(TenantGuardSession(SQLiteSession(thread_id, file), tenant_id), key)

    def fresh_key(tenant_id, conversation_id, file, key):
        thread_id = tenant_session_id(tenant_id, conversation_id)
        return TenantGuardSession(IntegritySession(SQLiteSession(thread_id, file), secrets.token_bytes(32)), tenant_id)

    def tenant_as_id(tenant_id, conversation_id, file, key):
        thread_id = tenant_session_id(tenant_id, "all")
        return TenantGuardSession(IntegritySession(SQLiteSession(thread_id, file), key), tenant_id)

    inside = await nb06.check_open_thread(guard_inside)
    assert inside.passed == 0 and "the tenant guard must be the outermost session" in str(inside)
    assert "sign with the key you are given" in str(await nb06.check_open_thread(fresh_key))
    assert "nothing was stored under 'acme:customer-42'" in str(await nb06.check_open_thread(tenant_as_id))


_NB06_OWN_KEY = b"a key of the learner's own, 32 b"


@pytest.mark.usefixtures("api")
async def test_nb06_a_thread_that_signs_with_a_key_of_its_own_fails() -> None:
    def own_key(tenant_id, conversation_id, file, key):
        thread_id = tenant_session_id(tenant_id, conversation_id)
        return TenantGuardSession(IntegritySession(SQLiteSession(thread_id, file), _NB06_OWN_KEY), tenant_id)

    report = await nb06.check_open_thread(own_key)  # before: 6/6
    assert not report.ok and "signed with a key of your own" in str(report), str(report)


@pytest.mark.usefixtures("api")
async def test_nb06_a_thread_that_binds_its_macs_to_an_id_of_its_own_still_passes() -> None:
    def own_id(tenant_id, conversation_id, file, key):
        thread_id = tenant_session_id(tenant_id, conversation_id)
        inner = IntegritySession(SQLiteSession(thread_id, file), key, session_id=tenant_session_id(tenant_id, f"signed/{conversation_id}"))
        return TenantGuardSession(inner, tenant_id)

    report = await nb06.check_open_thread(own_id)
    assert report.ok, str(report)


@pytest.mark.usefixtures("api")
async def test_nb06_the_starting_point_says_not_done_yet() -> None:
    def starting_point(tenant_id, conversation_id, file, key):
        raise NotImplementedError("your code here")

    assert "not done yet" in str(await nb06.check_open_thread(starting_point))


@pytest.mark.usefixtures("api")
async def test_nb06_the_prediction_is_compared_with_what_the_guard_does() -> None:
    agent = support_agent()
    guarded = TenantGuardSession(SQLiteSession("acme:customer-42"), "acme")
    attempts = {
        "a": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "acme"}),
        "b": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "ACME"}),
        "c": lambda: Runner.run(agent, "Hi", session=guarded),
        "d": lambda: guarded.get_items(),
    }
    right = await nb06.reveal_refusals({"b", "C", "d"}, attempts)
    assert right.ok, str(right)
    wrong = await nb06.reveal_refusals({"b"}, attempts)
    assert (wrong.right, wrong.total) == (2, 4)
    assert "✗ d: refused — get_items on session 'acme:customer-42' without a run context" in str(wrong)
    assert "not done yet" in str(await nb06.reveal_refusals(set(), attempts))
# ------------------------------------------------------------------ 04_beyond_the_cookbook and 07_evals
# The checks of memlab.lab.exercises.nb04 and nb07: each solution (as in the notebooks' <details>
# blocks) passes every hidden case, and a plausible wrong answer fails at least one.


def _nb04_token_trigger(max_tokens):
    from memlab.tokens import count_items

    def should_compact(context):
        return count_items(context["session_items"]) > max_tokens

    return should_compact


def _nb04_keep_ids(data):
    from agents.run_config import ModelInputData

    from memlab.facts import find_facts
    from memlab.turns import is_user_message

    items = data.model_data.input
    users = [i for i, item in enumerate(items) if is_user_message(item)]
    newest = users[-1] if users else 0
    kept = []
    for i, item in enumerate(items):
        if i < newest and item.get("type") == "function_call_output":
            ids = [value for values in find_facts(str(item["output"])).values() for value in values]
            item = {**item, "output": "identifiers: " + ", ".join(dict.fromkeys(ids)) if ids else "(output trimmed)"}
        kept.append(item)
    return ModelInputData(input=kept, instructions=data.model_data.instructions)


def test_nb04_token_trigger_solution_passes_and_item_counts_fail() -> None:
    from memlab.lab.exercises import nb04
    from memlab.tokens import count_items

    assert nb04.check_token_trigger(_nb04_token_trigger).ok

    def candidates_only(max_tokens):  # forgets the user messages, which every request carries too
        return lambda context: count_items(context["compaction_candidate_items"]) > max_tokens

    def sdk_default(max_tokens):  # the SDK's own rule: ten or more candidate items
        return lambda context: len(context["compaction_candidate_items"]) >= 10

    def at_least(max_tokens):  # compacts at the budget, not over it
        return lambda context: count_items(context["session_items"]) >= max_tokens

    for wrong in (candidates_only, sdk_default, at_least):
        report = nb04.check_token_trigger(wrong)
        assert not report.ok and report.passed < report.total, wrong.__name__


def test_nb04_token_trigger_not_started() -> None:
    from memlab.lab.exercises import nb04

    def token_trigger(max_tokens):
        def should_compact(context):
            raise NotImplementedError

        return should_compact

    report = nb04.check_token_trigger(token_trigger)
    assert report.not_started and "not done yet" in str(report)


def test_nb04_keep_ids_solution_passes_and_wrong_filters_fail() -> None:
    from agents.extensions.tool_output_trimmer import ToolOutputTrimmer
    from agents.run_config import ModelInputData

    from memlab.lab.exercises import nb04
    from memlab.facts import find_facts

    assert nb04.check_keep_ids(_nb04_keep_ids).ok

    def everything_in_place(data):  # trims the newest turn too, and edits the caller's items
        for item in data.model_data.input:
            if item.get("type") == "function_call_output":
                item["output"] = ", ".join(v for values in find_facts(str(item["output"])).values() for v in values)
        return ModelInputData(input=data.model_data.input, instructions=data.model_data.instructions)

    def not_started(data):
        raise NotImplementedError

    for wrong in (everything_in_place, ToolOutputTrimmer(), ToolOutputTrimmer(recent_turns=1, max_output_chars=10, preview_chars=10)):
        report = nb04.check_keep_ids(wrong)
        assert not report.ok and report.passed < report.total
    assert nb04.check_keep_ids(not_started).not_started


def _nb07_cheapest(summary, min_recall, recall="recall"):
    good = summary[summary[recall] >= min_recall]
    return None if good.empty else good.sort_values("total_tokens")["label"].iloc[0]


def test_nb07_cheapest_solution_passes_and_wrong_answers_fail() -> None:
    from memlab.lab.exercises import nb07

    assert nb07.check_cheapest(_nb07_cheapest).ok

    def on_input_tokens(summary, min_recall, recall="recall"):
        good = summary[summary[recall] >= min_recall]
        return None if good.empty else good.sort_values("input_tokens")["label"].iloc[0]

    def strictly_above(summary, min_recall, recall="recall"):
        good = summary[summary[recall] > min_recall]
        return None if good.empty else good.sort_values("total_tokens")["label"].iloc[0]

    def ignores_the_column(summary, min_recall, recall="recall"):
        return _nb07_cheapest(summary, min_recall)

    def the_row(summary, min_recall, recall="recall"):
        good = summary[summary[recall] >= min_recall]
        return None if good.empty else good.sort_values("total_tokens").iloc[0]

    for wrong in (on_input_tokens, strictly_above, ignores_the_column, the_row):
        report = nb07.check_cheapest(wrong)
        assert not report.ok and report.passed < report.total, wrong.__name__

    def not_started(summary, min_recall, recall="recall"):
        raise NotImplementedError

    assert nb07.check_cheapest(not_started).not_started


def test_nb07_a_one_element_array_is_not_a_label() -> None:
    from memlab.lab.exercises import nb07

    def an_array(summary, min_recall, recall="recall"):
        good = summary[summary[recall] >= min_recall]
        return None if good.empty else good.sort_values("total_tokens")["label"].values[:1]

    report = nb07.check_cheapest(an_array)  # before: 8/8
    assert not report.ok and report.passed == 1, str(report)  # only "no run reaches the target: None"
    assert "the cheapest run that reaches the target: return the run's label as a string (or None), not a" in str(report)
    assert all(line.startswith(("  ✓", "  ✗")) for line in str(report).splitlines()[1:-1]), "one line per case"


async def test_nb07_conversation_solution_passes_and_an_untestable_probe_fails(api) -> None:
    from memlab.lab.exercises import nb07
    from memlab.scenario import Conversation, Fact, Probe


    def my_conversation():
        turns = (
            "Hi, my dog's name is Biscuit and my router keeps dropping the wifi.",
            "I restarted the router twice.",
            "It drops mostly in the evening.",
            "The lights look normal.",
            "What is my dog's name?",
        )
        return Conversation(
            "mine", "A dog and a router", turns,
            (Fact("dog's name", "Biscuit", 1, must_keep=False),),
            (Probe(5, turns[4], "Biscuit", "dog's name"),),
        )

    def too_recent():  # planted the turn before the probe: a two-turn window still holds it
        turns = ("My router drops every evening.", "My dog's name is Biscuit.", "What is my dog's name?")
        return Conversation("recent", "x", turns, (Fact("dog's name", "Biscuit", 2),), (Probe(3, turns[2], "Biscuit", "dog's name"),))

    def gives_it_away():
        turns = ("My dog's name is Biscuit.", "Hello.", "Hi again.", "Is my dog's name Biscuit?")
        return Conversation("away", "x", turns, (Fact("dog's name", "Biscuit", 1),), (Probe(4, turns[3], "Biscuit", "dog's name"),))

    def not_started():
        raise NotImplementedError

    assert (await nb07.check_conversation(my_conversation)).ok
    for wrong in (too_recent, gives_it_away, lambda: "a conversation"):
        report = await nb07.check_conversation(wrong)
        assert not report.ok and report.passed < report.total
    assert (await nb07.check_conversation(not_started)).not_started


async def test_nb07_a_learners_own_everyday_fact_is_answered_under_full_history(api) -> None:
    """The issue's case: "I work as a nurse at St Mary's hospital" failed 3 of 4 probes even with full history.

    Asked four ways, with full history every probe holds the value; a two-turn window misses the first.
    """
    from memlab.lab.exercises import nb07
    from memlab.scenario import Conversation, Fact, Probe

    def my_conversation():
        turns = (
            "Hi! I work as a nurse at St Mary's hospital.",
            "My laptop's battery drains very fast.",
            "I tried another charger, still the same.",
            "It's a 2021 model, if that matters.",
            "Where do I work?",
            "What's my job?",
            "Which hospital do I work at?",
            "What do I do for a living?",
        )
        facts = (Fact("workplace", "St Mary's hospital", 1, must_keep=False), Fact("job", "nurse", 1, must_keep=False))
        probes = (Probe(5, turns[4], "St Mary's hospital", "workplace"), Probe(6, turns[5], "nurse", "job"),
                  Probe(7, turns[6], "St Mary's hospital", "workplace"), Probe(8, turns[7], "nurse", "job"))
        return Conversation("nurse", "A learner's own fact", turns, facts, probes)

    report = await nb07.check_conversation(my_conversation)
    assert report.ok, report


# ---------------------------------------------------------------- predictions: gated reveals
# A prediction's reveal runs its experiment only once the prediction is written, and then prints the
# answer the notebook's reveal cell names in metadata.memlab.answer (tests/test_notebooks.py checks
# that no stored output shows those texts before the reveal). These tests tie the two together: given
# the right prediction, each reveal prints every text its notebook marks.

import json  # noqa: E402 — this section stands on its own

from agents import RunConfig, SessionSettings  # noqa: E402

from memlab import scenario  # noqa: E402
from memlab.api import wire
from memlab.evals import run as evals_run  # noqa: E402
from memlab.lab.exercises import nb00  # noqa: E402
from memlab.turns import item_type  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def marked_answers(notebook: str, reveal: str = "") -> list[str]:
    """The answer texts the notebook's reveal cell names: its only one, or the one that calls ``reveal``."""
    cells = json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text())["cells"]
    reveals = [c for c in cells if "reveal" in c.get("metadata", {}).get("tags", []) and reveal in "".join(c["source"])]
    assert len(reveals) == 1, f"{notebook}: expected one reveal cell calling {reveal!r}, found {len(reveals)}"
    return reveals[0]["metadata"]["memlab"]["answer"]


def assert_prints_every_marked_answer(report, notebook: str, reveal: str = "") -> None:
    for answer in marked_answers(notebook, reveal):
        assert answer in str(report), f"{notebook}'s reveal does not print its marked answer {answer!r}:\n{report}"


def _kinds(items):
    return [item["role"] if item_type(item) == "message" else item_type(item) for item in items]


def _nb00_replay(played: list[int]):
    """The notebook's replay_laptop; ``played`` counts how often it ran."""
    agent = support_agent()

    async def replay():
        played.append(1)
        session = SQLiteSession("laptop-full-history")
        first = len(wire.current().model_calls())
        for text in scenario.LAPTOP.user_turns:
            reply = await Runner.run(agent, text, session=session)
        session.close()
        return wire.current().model_calls()[first:], reply.final_output

    return replay


@pytest.mark.usefixtures("api")
async def test_nb00_the_reveal_plays_nothing_until_every_value_is_predicted() -> None:
    played: list[int] = []
    blank = {key: None for key in nb00.PREDICTION_KEYS}
    half = {**blank, "contact_channel": True}
    for prediction in (blank, half, None):
        report = await nb00.reveal_full_history(prediction, _nb00_replay(played))
        assert report.not_started and "not done yet" in str(report)
    assert not played, "the conversation was played before the prediction was written"
    words = await nb00.reveal_full_history({**{key: True for key in nb00.PREDICTION_KEYS}, "serial": "yes"}, _nb00_replay(played))
    assert not played and "'serial' is 'yes', not True or False" in str(words), str(words)
    assert "predicted right" not in str(words)  # before: "0/4 predicted right", as if four guesses were wrong


@pytest.mark.usefixtures("api")
async def test_nb00_the_reveal_compares_and_prints_the_answer_the_notebook_marks() -> None:
    played: list[int] = []
    right = await nb00.reveal_full_history({key: True for key in nb00.PREDICTION_KEYS}, _nb00_replay(played))
    assert right.ok and "4/4 predicted right" in str(right) and played == [1], str(right)
    assert_prints_every_marked_answer(right, "00_welcome")
    assert "7 model calls" in str(right)  # the price of keeping everything, after the tally
    wrong = await nb00.reveal_full_history({**{key: True for key in nb00.PREDICTION_KEYS}, "serial": False}, _nb00_replay(played))
    assert (wrong.right, wrong.total) == (3, 4) and "✗ serial" in str(wrong) and "(you said not sent)" in str(wrong)


async def _nb01_experiment_factory():
    """The notebook's limit_on_a_tool_turn (turns 1-3 played first, as the notebook's laptop session holds them)."""
    agent = support_agent()
    first_three = SQLiteSession("laptop")
    for text in scenario.LAPTOP.user_turns[:3]:
        await Runner.run(agent, text, session=first_three)
    laptop_items = await first_three.get_items()
    played: list[int] = []

    async def experiment():
        played.append(1)
        session = SQLiteSession("exercise-1")
        await session.add_items(laptop_items)
        before = len(wire.current().model_calls())
        await Runner.run(agent, scenario.LAPTOP.user_turns[3], session=session,
                         run_config=RunConfig(session_settings=SessionSettings(limit=3)))
        sent = [_kinds(call.input) for call in wire.current().model_calls()[before:]]
        stored = len(await session.get_items())
        session.close()
        return sent, stored

    return experiment, played


@pytest.mark.usefixtures("api")
async def test_nb01_the_reveal_runs_only_once_all_three_are_predicted_and_prints_the_marked_answer() -> None:
    experiment, played = await _nb01_experiment_factory()
    first = ["function_call", "function_call_output", "assistant", "user"]
    second = [*first, "function_call", "function_call_output"]
    for partial in (([], [], None), (first, [], None), (first, second, None)):
        assert (await nb01.reveal_limit_on_a_tool_turn(*partial, experiment)).not_started
    assert not played, "the run was made before the prediction was written"
    right = await nb01.reveal_limit_on_a_tool_turn(first, second, 12, experiment)
    assert right.ok and played == [1], str(right)
    assert_prints_every_marked_answer(right, "01_sessions_and_turns")
    # The usual wrong guess: the limit bounds the second call too, and deletes what it does not read.
    wrong = await nb01.reveal_limit_on_a_tool_turn(first, ["function_call_output", "assistant", "user"], 3, experiment)
    assert (wrong.right, wrong.total) == (1, 3) and "you said 3" in str(wrong)


@pytest.mark.usefixtures("api")
async def test_nb02_the_prediction_check_prints_the_marked_answer() -> None:
    assert_prints_every_marked_answer(await nb02.check_prediction({"order_number"}, 8), "02_trimming")


@pytest.mark.usefixtures("api")
async def test_nb05_and_nb06_reveals_print_the_marked_answers(tmp_path) -> None:
    reference, candidates = await nb05_sessions(tmp_path)
    assert_prints_every_marked_answer(await nb05.reveal_shared_thread({"a", "e"}, candidates, reference), "05_threads_and_backends")

    agent = support_agent()
    guarded = TenantGuardSession(SQLiteSession("acme:customer-42"), "acme")
    attempts = {
        "a": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "acme", "user": "dana"}),
        "b": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "ACME"}),
        "c": lambda: Runner.run(agent, "Hi", session=guarded),
        "d": lambda: guarded.get_items(),
        "e": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "acme", "user": "ops"}),
    }
    assert_prints_every_marked_answer(await nb06.reveal_refusals({"b", "c", "d"}, attempts), "06_trust_boundary")


# ---------------------------------------------------------------- notebook 03's three predictions
# Each reveal writes notes (or replays) only once every answer is written; given the right answers it
# prints what its reveal cell marks; a wrong answer is counted and says what was predicted.

from memlab import LLMSummarizer  # noqa: E402
from memlab.api import mode
from memlab.evals import judge_summary  # noqa: E402
from memlab.prompts import SUMMARY_PROMPT  # noqa: E402
from memlab.scenario import ROUTER  # noqa: E402

NB03_EDITS = {
    "no timeline": SUMMARY_PROMPT.replace("## Timeline\n", ""),
    "no identifier rule": "\n".join(line for line in SUMMARY_PROMPT.splitlines() if not line.startswith("- Copy every identifier")),
    "milestones": SUMMARY_PROMPT + "\n- Also include the key milestones.",
    "under 60 words": SUMMARY_PROMPT + "\n- Keep the whole note under 60 words.",
}
#: The sections of the note on turns 1-3 that hold something under max_words=30, and how many each edit leaves filled.
NB03_FILLED_AT_30 = {"Identifiers"}
NB03_FILLED_AFTER_EDIT = {"no timeline": 7, "no identifier rule": 8, "milestones": 8, "under 60 words": 2}


async def _nb03_graders():
    """The notebook's budgeted_note and graded_note, on turns 1-3 of ROUTER; ``asked`` lists what they were asked."""
    full = await evals_run(ROUTER, "full")
    replaced = [item for turn in full.history[:3] for item in turn]
    asked: list[object] = []

    async def budgeted_note(max_words):
        asked.append(max_words)
        _, note = await LLMSummarizer(mode.client(), max_words=max_words).summarize(replaced)
        return note, await judge_summary(note, replaced)

    async def graded_note(prompt):
        asked.append(prompt)
        _, note = await LLMSummarizer(mode.client(), prompt=prompt).summarize(replaced)
        return note, await judge_summary(note, replaced)

    return budgeted_note, graded_note, asked


@pytest.mark.usefixtures("api")
async def test_nb03_the_word_budget_reveal() -> None:
    budgeted_note, _, asked = await _nb03_graders()
    for partial in ((None, None), ("Timeline", None), (None, {"Identifiers"})):
        assert (await nb03.reveal_word_budget(*partial, budgeted_note)).not_started
    assert not asked, "a note was written before the prediction"
    right = await nb03.reveal_word_budget("Timeline", NB03_FILLED_AT_30, budgeted_note)
    assert right.ok and asked == [None, 80, 50, 30], str(right)
    assert_prints_every_marked_answer(right, "03_summarizing", "reveal_word_budget")
    # each budget's note, after the tally: the sections it emptied, and what the judge said
    assert "max_words=80: 75 words; emptied: Product and environment, Steps tried and results, Timeline, " in str(right)
    assert (await nb03.reveal_word_budget("timeline", {"identifiers"}, budgeted_note)).ok, "names are matched ignoring case"
    wrong = await nb03.reveal_word_budget("Reported issue", {"Identifiers", "Next recommended step"}, budgeted_note)
    assert (wrong.right, wrong.total) == (0, 2) and "(you said Reported issue)" in str(wrong), str(wrong)
    asked.clear()
    typo = await nb03.reveal_word_budget("Timeline", {"Identifier"}, budgeted_note)
    assert not typo.ok and "the note has no section 'Identifier'" in str(typo)
    assert (typo.total, asked) == (2, [None]), "a typo is found before the budgets are summarized (live, each is paid)"


@pytest.mark.usefixtures("api")
async def test_nb03_the_prompt_edits_reveal() -> None:
    _, graded_note, asked = await _nb03_graders()
    half = {"no timeline": 7, "no identifier rule": None, "milestones": 8, "under 60 words": None}
    for predicted in ({name: None for name in NB03_EDITS}, half, None):
        assert (await nb03.reveal_prompt_edits(predicted, NB03_EDITS, graded_note)).not_started
    assert not asked, "a note was written before every prediction was"
    right = await nb03.reveal_prompt_edits(NB03_FILLED_AFTER_EDIT, NB03_EDITS, graded_note)
    assert right.ok and len(asked) == 5, str(right)  # memlab's prompt, then the four edits
    assert_prints_every_marked_answer(right, "03_summarizing", "reveal_prompt_edits")
    # an edit the offline model does not follow is named as one only a live model shows
    assert "milestones: the same note as unedited: the offline model does not follow this line" in str(right), str(right)
    assert "no timeline: 151 words; lost: Timeline" in str(right), str(right)
    wrong = await nb03.reveal_prompt_edits({**{name: 0 for name in NB03_EDITS}, "milestones": 9}, NB03_EDITS, graded_note)
    assert (wrong.right, wrong.total) == (0, 4) and "milestones: 8 sections filled, the unedited note (you said 9)" in str(wrong), str(wrong)
    asked.clear()
    words = await nb03.reveal_prompt_edits({**NB03_FILLED_AFTER_EDIT, "under 60 words": "two"}, NB03_EDITS, graded_note)
    assert not words.ok and "write a number of sections" in str(words) and not asked, str(words)


@pytest.mark.usefixtures("api")
async def test_nb03_the_running_summary_reveal() -> None:
    played: list[int] = []

    async def setting():
        played.append(1)
        return await evals_run(ROUTER, "summarizing", context_limit=2, keep_last_n_turns=1, must_keep=True)

    for partial in ((None, None, None), (2, (1, 2), None), (2, None, True)):
        assert (await nb03.reveal_running_summary(*partial, setting)).not_started
    assert not played, "the setting was replayed before the prediction was written"
    right = await nb03.reveal_running_summary(2, (1, 2), True, setting)
    assert right.ok and played == [1], str(right)
    assert_prints_every_marked_answer(right, "03_summarizing", "reveal_running_summary")
    wrong = await nb03.reveal_running_summary(1, (1, 3), False, setting)
    assert (wrong.right, wrong.total) == (0, 3) and "(you said turns 1–3)" in str(wrong), str(wrong)
    words = await nb03.reveal_running_summary("two", (1, 2), True, setting)
    assert not words.ok and played == [1, 1] and "write a number" in str(words)


# ---------------------------------------------------------------- notebook 04's prediction


def _nb04_configs():
    """The notebook's seven configurations, by short name."""
    from memlab import FactSheetSummarizer

    return {
        "trimming": ("trimming", {"max_tokens": 1500}),
        "summarizing": ("summarizing", {"must_keep": True}),
        "fact sheet": ("summarizing", {"must_keep": True, "summarizer": FactSheetSummarizer()}),
        "tool-output trimming": ("tool_output_trimming", {}),
        "tiered": ("tiered", {"max_tokens": 1500, "must_keep": True}),
        "compaction": ("compaction", {}),
        "server_side": ("server_side", {}),
    }


@pytest.mark.usefixtures("api")
async def test_nb04_the_comparison_reveal_on_the_notebooks_seven_replays() -> None:
    from memlab import evals
    from memlab.lab.exercises import nb04

    configs = _nb04_configs()
    grid = await evals.run_grid(scenario.LONG, list(configs.values()), progress=False)
    summary = evals.summarize_runs(grid.turns)
    labels = dict(zip(configs, (run.label for run in grid.runs[1:])))  # runs[0]: the full-history baseline
    for partial in ((None, None, None), ("fact sheet", None, 1.0), ("fact sheet", "server_side", None)):
        assert nb04.reveal_comparison(*partial, summary, labels).not_started
    right = nb04.reveal_comparison("fact sheet", "server_side", 1.0, summary, labels)
    assert right.ok, str(right)
    assert_prints_every_marked_answer(right, "04_beyond_the_cookbook")
    near = nb04.reveal_comparison("fact sheet", "server_side", 95, summary, labels)  # a percentage, 5 points off
    assert near.ok, str(near)
    wrong = nb04.reveal_comparison("summarizing", "compaction", 0.1, summary, labels)
    assert (wrong.right, wrong.total) == (0, 3) and "(you said 10%, more than 10% away)" in str(wrong), str(wrong)
    typo = nb04.reveal_comparison("factsheet", "server_side", 1.0, summary, labels)
    assert not typo.ok and "write one of 'trimming'" in str(typo)


# ---------------------------------------------------------------- notebook 07's prediction


@pytest.mark.usefixtures("api")
async def test_nb07_the_gate_reveal_on_the_notebooks_three_replays() -> None:
    import dataclasses

    from memlab import evals
    from memlab.lab.exercises import nb07

    soft = dataclasses.replace(
        scenario.LONG, facts=tuple(dataclasses.replace(f, must_keep=f.key != "contact_channel") for f in scenario.LONG.facts)
    )
    sloppy = evals.LossySummarizer(mode.client(), drop=[r"ORD-\d{5}", r"TCK-\d{6}", r"SMS"])
    gates = {
        "no gate": ("summarizing", {"summarizer": sloppy}),
        "reject": ("summarizing", {"summarizer": sloppy, "must_keep": True}),
        "repair": ("summarizing", {"summarizer": sloppy, "must_keep": True, "gate": "repair"}),
    }
    runs = await evals.run_grid(soft, list(gates.values()), progress=False)
    labels = dict(zip(gates, (run.label for run in runs.runs[1:])))  # runs[0]: the full-history baseline
    turns = runs.turns
    for partial in ((None, None), (True, None), (None, False)):
        assert nb07.reveal_gate(*partial, turns, labels).not_started
    right = nb07.reveal_gate(True, False, turns, labels)
    assert right.ok, str(right)
    assert_prints_every_marked_answer(right, "07_evals")
    wrong = nb07.reveal_gate(False, True, turns, labels)
    assert (wrong.right, wrong.total) == (0, 2) and "(you said less)" in str(wrong) and "(you said all of them)" in str(wrong)
    assert "write True or False" in str(nb07.reveal_gate("more", True, turns, labels))
