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


# ------------------------------------------------------------------ 04_beyond_the_cookbook and 07_evals
# The checks of memlab.exercises.nb04 and nb07: each solution (as in the notebooks' <details>
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
    from memlab.exercises import nb04
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
    from memlab.exercises import nb04

    def token_trigger(max_tokens):
        def should_compact(context):
            raise NotImplementedError

        return should_compact

    report = nb04.check_token_trigger(token_trigger)
    assert report.not_started and "not done yet" in str(report)


def test_nb04_keep_ids_solution_passes_and_wrong_filters_fail() -> None:
    from agents.extensions.tool_output_trimmer import ToolOutputTrimmer
    from agents.run_config import ModelInputData

    from memlab.exercises import nb04
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
    from memlab.exercises import nb07

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


async def test_nb07_conversation_solution_passes_and_an_untestable_probe_fails() -> None:
    from memlab import offline
    from memlab.exercises import nb07
    from memlab.scenario import Conversation, Fact, Probe

    offline.configure("offline")

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
