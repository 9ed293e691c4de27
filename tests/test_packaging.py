"""The package's own promises: public names, and environment.yml in step with pyproject.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import memlab

ROOT = Path(__file__).resolve().parents[1]


def _pyproject_requirements() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        specs += extra
    return {canonicalize_name(r.name): r for r in map(Requirement, specs)}


def _environment_requirements() -> dict[str, Requirement]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["name"] == "memlab"
    assert env["channels"] == ["conda-forge"]
    specs: list[str] = []
    for entry in env["dependencies"]:
        if isinstance(entry, dict):
            pip = entry["pip"]
            assert pip[-1] == "-e .", "the editable install of memlab must come last"
            specs += pip[:-1]
        else:
            specs.append(entry)
    reqs = {canonicalize_name(r.name): r for r in map(Requirement, specs)}
    reqs.pop("pip", None)
    reqs.pop("python", None)
    return reqs


def test_environment_yml_matches_pyproject():
    pyproject = _pyproject_requirements()
    environment = _environment_requirements()
    assert sorted(environment) == sorted(pyproject), "package lists differ"
    for name, req in pyproject.items():
        other = environment[name]
        assert other.specifier == req.specifier, f"{name}: {other.specifier} != {req.specifier}"
        assert other.extras == req.extras, f"{name}: extras differ"


def test_python_bound_matches():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert f"python{project['requires-python']}" in env["dependencies"]


def test_all_lists_exactly_the_public_names():
    public = {name for name in vars(memlab) if not name.startswith("_")} - {"annotations"}
    modules = {name for name, value in vars(memlab).items() if type(value).__name__ == "module"}
    assert set(memlab.__all__) == public - modules
    assert len(memlab.__all__) == len(set(memlab.__all__))


def test_every_memlab_package_is_listed_for_the_wheel():
    """``[tool.setuptools] packages`` is explicit, so a new subpackage must be added there."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "memlab").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert found == listed


def test_every_module_all_names_exist():
    """``from memlab.x import *`` works: each module's ``__all__`` names only what it defines."""
    import importlib
    import pkgutil

    for info in pkgutil.walk_packages(memlab.__path__, "memlab."):
        module = importlib.import_module(info.name)
        missing = [name for name in getattr(module, "__all__", []) if not hasattr(module, name)]
        assert not missing, f"{info.name}.__all__ names undefined {missing}"
