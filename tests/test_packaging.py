"""An installed wheel (not only the editable checkout) carries the catalog and templates."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    [whl] = out.glob("laminim-*.whl")
    return whl


def test_wheel_contains_catalog_and_templates(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "builder/_data/parts_catalog/laminim/weapons.yaml" in names
    assert "builder/_data/parts_catalog/laminim/demo_team.yaml" in names
    assert any(n.startswith("builder/_data/templates/") for n in names)
    assert any(n.endswith("entry_points.txt") for n in names)


def test_wheel_carries_every_words_file_beside_its_module(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "builder"
    words = {f"builder/{p.relative_to(package).as_posix()}" for p in package.rglob("*.yaml")}
    assert "builder/tui/labels.yaml" in words and "builder/systems/soh/tui/ui.yaml" in words
    assert words <= names, sorted(words - names)


def test_installed_package_finds_its_bundled_data(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "from builder.core.resources import bundled_catalog_dir, templates_dir; "
        "from builder.cli import main; "
        "bundled = bundled_catalog_dir('laminim'); "
        f"assert str(bundled).startswith({str(site)!r}), bundled; "
        "assert templates_dir().is_dir(); "
        "raise SystemExit(main(['check', str(bundled_catalog_dir('laminim') / 'demo_team.yaml')]))"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r}); {code}"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "LEGAL" in result.stdout


def test_every_library_the_package_imports_is_declared():
    """An import of another distribution is a dependency in pyproject.toml (fontTools came in
    through weasyprint, undeclared, until a release of weasyprint could drop it)."""
    import ast
    import tomllib
    from importlib.metadata import packages_distributions

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {Requirement(r).name.lower().replace("_", "-") for r in project["dependencies"]}
    owners = packages_distributions()
    imported: set[str] = set()
    for path in (ROOT / "builder").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"builder"}
    needed = {
        name: {d.lower().replace("_", "-") for d in owners.get(name, [name])}
        for name in third_party
    }
    missing = {name: dists for name, dists in needed.items() if not dists & declared}
    assert not missing, missing
