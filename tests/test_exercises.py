"""The exercise checks: each notebook's hidden cases pass with its solution and catch a wrong answer."""

from __future__ import annotations

from memlab.exercises import check_cases


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
