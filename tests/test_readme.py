"""Every Python example in the README runs."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_python_block_runs(index, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / f"readme_block_{index}.py"  # a real file: SFPI functions need readable source
    path.write_text(BLOCKS[index])
    code = compile(BLOCKS[index], str(path), "exec")
    exec(code, {"__name__": "__readme__", "__file__": str(path)})  # noqa: S102
