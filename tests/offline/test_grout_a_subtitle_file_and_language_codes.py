"""A number goes to the field its own words sit beside, within its clause; a file's name is taken as written; a list
of codes takes the codes said (or the languages named) in the shape its description's examples have.

An outside tester's tile-shop and subtitle-studio agents. "I'm tiling 6.5 square metres with 300 mm tiles and 3 mm
joints" swapped the tile size and the joint width (the 3 after "tiles and" was read as the tiles'); "Shift the
subtitles in harbour_lights.srt by -2.5 seconds for en and fr" sent ``file_name="en"`` and ``languages=["Harbour
Lights.Srt 2.5", "En"]`` where the description asks for "ISO codes like en, fr, de".
"""

from __future__ import annotations

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def grout_needed(area_m2: float, tile_size_mm: int, joint_width_mm: float, colour: str) -> str:
    """Work out how much grout a tiling job needs.

    Args:
        area_m2: tiled area in square metres
        tile_size_mm: tile edge length in millimetres
        joint_width_mm: width of the grout joints in millimetres
        colour: grout colour
    """
    return "1.9 kg"


@function_tool(strict_mode=False)
def shift_subtitles(file_name: str, offset_seconds: float, languages: list[str], burn_in: bool = False) -> str:
    """Shift all subtitle timings in a file by an offset (negative = earlier) for the given languages.

    Args:
        file_name: name of the .srt file
        offset_seconds: how far to move the cues, in seconds; negative moves them earlier
        languages: ISO codes like en, fr, de
        burn_in: burn the subtitles into the video
    """
    return "1,204 cues changed"


async def call(tool, message: str) -> dict:
    [(_, arguments)], _ = await tool_calls([tool], message)
    return arguments


async def test_each_number_goes_to_the_field_beside_it_in_its_clause() -> None:
    arguments = await call(grout_needed, "I'm tiling 6.5 square metres with 300 mm tiles and 3 mm joints in anthracite.")
    assert arguments == {"area_m2": 6.5, "tile_size_mm": 300, "joint_width_mm": 3, "colour": "anthracite"}


@pytest.mark.parametrize(("message", "languages"), [
    ("Shift the subtitles in harbour_lights.srt by -2.5 seconds for en and fr, no burn-in.", ["en", "fr"]),
    ("Shift harbour_lights.srt by -2.5 seconds for English and German.", ["en", "de"]),
])
async def test_a_files_name_as_written_and_codes_in_the_examples_shape(message, languages) -> None:
    arguments = await call(shift_subtitles, message)
    assert arguments["file_name"] == "harbour_lights.srt" and arguments["languages"] == languages, arguments
    assert arguments["offset_seconds"] == -2.5, arguments
