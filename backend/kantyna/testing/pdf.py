"""What a PDF written by the project (fpdf2) says, page by page, for exact assertions on its text."""

from __future__ import annotations

import re
import zlib


def pdf_pages(content: bytes) -> list[list[str]]:
    """The text runs of each page of a PDF written by fpdf2 (Type0 fonts with ToUnicode maps, Flate or plain
    streams), in drawing order: a cell's line is one text. Enough to assert exactly what the pages say without a
    PDF library."""
    objects = {int(number): body for number, body in re.findall(rb"(\d+) 0 obj\s*(.*?)\s*endobj", content, re.S)}

    def stream(body: bytes) -> bytes:
        data = re.search(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S).group(1)
        return zlib.decompress(data) if b"/FlateDecode" in body else data

    def unicode_map(body: bytes) -> dict[int, str]:
        text = stream(body).decode("latin-1")
        mapping = {}
        for section in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
            for source, target in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", section):
                mapping[int(source, 16)] = bytes.fromhex(target).decode("utf-16-be")
        for section in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
            for start, end, target in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", section):
                for offset, code in enumerate(range(int(start, 16), int(end, 16) + 1)):
                    mapping[code] = chr(int(target, 16) + offset)
        return mapping

    fonts = {}
    for body in objects.values():
        for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", body):
            to_unicode = re.search(rb"/ToUnicode (\d+) 0 R", objects[int(number)])
            fonts[name.decode()] = unicode_map(objects[int(to_unicode.group(1))])
    escapes = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}

    def unescape(raw: bytes) -> bytes:
        def one(match):
            token = match.group(1)
            return bytes([int(token, 8)]) if token[:1].isdigit() else escapes.get(token, token)

        return re.sub(rb"\\([0-7]{1,3}|.)", one, raw, flags=re.S)

    pages = []
    for _number, page in sorted(objects.items()):
        if not re.search(rb"/Type /Page\b", page):
            continue
        texts: list[str] = []
        pages.append(texts)
        contents = objects[int(re.search(rb"/Contents (\d+) 0 R", page).group(1))]
        font: dict[int, str] = {}
        run = ""
        for match in re.finditer(rb"/(F\d+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) Tj|\bET\b", stream(contents), re.S):
            if match.group(1):
                font = fonts[match.group(1).decode()]
            elif match.group(2) is not None:
                raw = unescape(match.group(2))
                run += "".join(font.get(int.from_bytes(raw[i : i + 2], "big"), "?") for i in range(0, len(raw), 2))
            elif run:  # ET: a text object (one cell's line; the page-count alias is a run of its own) ends
                texts.append(run)
                run = ""
    return pages


def pdf_texts(content: bytes) -> list[str]:
    """Every page's text runs (`pdf_pages`), one list."""
    return [text for page in pdf_pages(content) for text in page]


# Code 39 as printed by fpdf2's `FPDF.code39`: each character is 9 elements, bar and space alternating from a
# bar, n(arrow) or w(ide); the table is the standard's (digits, capitals and the start/stop `*`), written here
# independently of fpdf2 so a test proves what a reader would read.
CODE39 = {
    "nnnwwnwnn": "0", "wnnwnnnnw": "1", "nnwwnnnnw": "2", "wnwwnnnnn": "3", "nnnwwnnnw": "4",
    "wnnwwnnnn": "5", "nnwwwnnnn": "6", "nnnwnnwnw": "7", "wnnwnnwnn": "8", "nnwwnnwnn": "9",
    "wnnnnwnnw": "A", "nnwnnwnnw": "B", "wnwnnwnnn": "C", "nnnnwwnnw": "D", "wnnnwwnnn": "E",
    "nnwnwwnnn": "F", "nnnnnwwnw": "G", "wnnnnwwnn": "H", "nnwnnwwnn": "I", "nnnnwwwnn": "J",
    "wnnnnnnww": "K", "nnwnnnnww": "L", "wnwnnnnwn": "M", "nnnnwnnww": "N", "wnnnwnnwn": "O",
    "nnwnwnnwn": "P", "nnnnnnwww": "Q", "wnnnnnwwn": "R", "nnwnnnwwn": "S", "nnnnwnwwn": "T",
    "wwnnnnnnw": "U", "nwwnnnnnw": "V", "wwwnnnnnn": "W", "nwnnwnnnw": "X", "wwnnwnnnn": "Y",
    "nwwnwnnnn": "Z", "nwnnwnwnn": "*",
}  # fmt: skip


def pdf_code39(content: bytes) -> list[list[str]]:
    """The Code 39 barcodes of each page (filled rectangles of one height on one line, one barcode per run of
    bars without a gap wider than a wide bar), decoded as a reader would, start and stop characters included."""
    objects = {int(number): body for number, body in re.findall(rb"(\d+) 0 obj\s*(.*?)\s*endobj", content, re.S)}
    pages = []
    for _number, page in sorted(objects.items()):
        if not re.search(rb"/Type /Page\b", page):
            continue
        body = objects[int(re.search(rb"/Contents (\d+) 0 R", page).group(1))]
        data = re.search(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S).group(1)
        data = zlib.decompress(data) if b"/FlateDecode" in body else data
        rows: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for x, y, w, h in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) (-[\d.]+) re f", data):
            rows.setdefault((y.decode(), h.decode()), []).append((float(x), float(w)))
        found = []
        for _row, bars in sorted(rows.items(), key=lambda row: -float(row[0][0])):
            bars.sort()
            wide = max(width for _x, width in bars)
            runs: list[list[tuple[float, float]]] = [[bars[0]]]
            for bar in bars[1:]:
                last_x, last_w = runs[-1][-1]
                if bar[0] - (last_x + last_w) > wide * 1.5:
                    runs.append([])
                runs[-1].append(bar)
            for run in runs:
                elements = []
                for index, (x, width) in enumerate(run):
                    elements.append("w" if width > wide * 0.66 else "n")
                    if index + 1 < len(run):
                        elements.append("w" if run[index + 1][0] - (x + width) > wide * 0.66 else "n")
                # 9 elements a character, then the narrow gap between characters.
                found.append(
                    "".join(CODE39.get("".join(elements[i : i + 9]), "?") for i in range(0, len(elements), 10))
                )
        pages.append(found)
    return pages
