"""The one build step pyproject.toml cannot say: the top-level datasette-metadata.json
travels in the wheel as the real file notation/datasette/metadata.json."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "notation" / "datasette" / "metadata.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(__file__).parent / "datasette-metadata.json", target)


setup(cmdclass={"build_py": BuildPy})
