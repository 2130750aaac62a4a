"""Write docs/tile_instructions.md from tensix/tile/status.py: python tools/gen_tile_docs.py"""

from pathlib import Path

from tensix.tile.status import markdown

if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "docs" / "tile_instructions.md"
    out.write_text(markdown())
    print(f"wrote {out}")
