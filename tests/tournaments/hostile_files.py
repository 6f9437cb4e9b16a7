"""Hostile and damaged team-list files, built from a real openpyxl workbook by rewriting
one member of its zip (the kinds of file a careless or malicious upload can hold)."""

from __future__ import annotations

import io
import zipfile

from openpyxl import Workbook

SHEET = "xl/worksheets/sheet1.xml"
_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def plain_xlsx(rows=None) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows or [("number", "name", "club", "player1", "player2"), (1, "A", "", "p", "q")]:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def rewrite(data: bytes, changes: dict[str, bytes | None]) -> bytes:
    """The zip ``data`` with members replaced (``None`` drops one; new names are added)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename in changes:
                if changes[info.filename] is not None:
                    target.writestr(info.filename, changes[info.filename])
            else:
                target.writestr(info.filename, source.read(info.filename))
        for name, content in changes.items():
            if name not in source.namelist() and content is not None:
                target.writestr(name, content)
    return out.getvalue()


def _sheet(cells: str, prolog: str = "") -> bytes:
    header = "".join(
        f'<c r="{col}1" t="inlineStr"><is><t>{name}</t></is></c>'
        for col, name in zip("ABCDE", ("number", "name", "club", "player1", "player2"), strict=True)
    )
    return (
        f'{prolog}<worksheet {_NS}><sheetData><row r="1">{header}</row>'
        f"<row r=\"2\">{cells}</row></sheetData></worksheet>"
    ).encode()


_GOOD_ROW = ('<c r="A2" t="n"><v>1</v></c><c r="B2" t="inlineStr"><is><t>A</t></is></c>'
             '<c r="D2" t="inlineStr"><is><t>p</t></is></c>'
             '<c r="E2" t="inlineStr"><is><t>q</t></is></c>')


def with_shared_strings(strings_xml: bytes, cells: str) -> bytes:
    data = plain_xlsx()
    source = zipfile.ZipFile(io.BytesIO(data))
    types = source.read("[Content_Types].xml").replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
        b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    )
    return rewrite(data, {
        "[Content_Types].xml": types,
        "xl/sharedStrings.xml": strings_xml,
        SHEET: _sheet(cells),
    })


def truncated_sheet() -> bytes:
    data = plain_xlsx()
    sheet = zipfile.ZipFile(io.BytesIO(data)).read(SHEET)
    return rewrite(data, {SHEET: sheet[: len(sheet) // 2]})


def entity_expansion() -> bytes:
    prolog = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>'
    )
    cells = _GOOD_ROW.replace("<t>A</t>", "<t>&lol3;</t>")
    return rewrite(plain_xlsx(), {SHEET: _sheet(cells, prolog)})


def external_entity() -> bytes:
    prolog = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY ext SYSTEM "file:///etc/passwd">]>'
    cells = _GOOD_ROW.replace("<t>A</t>", "<t>&ext;</t>")
    return rewrite(plain_xlsx(), {SHEET: _sheet(cells, prolog)})


def absurd_reference() -> bytes:
    cells = _GOOD_ROW + '<c r="ZZZZZZZ99999999999" t="inlineStr"><is><t>x</t></is></c>'
    return rewrite(plain_xlsx(), {SHEET: _sheet(cells)})


def far_reference() -> bytes:
    """A valid but far-away cell: the last row and column a sheet may have."""
    sheet = _sheet(_GOOD_ROW).replace(
        b"</sheetData>",
        b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
    )
    return rewrite(plain_xlsx(), {SHEET: sheet})


def not_a_number() -> bytes:
    return rewrite(plain_xlsx(), {SHEET: _sheet(_GOOD_ROW.replace("<v>1</v>", "<v>notanumber</v>"))})


def shared_string_out_of_range() -> bytes:
    strings = f'<sst {_NS} count="1" uniqueCount="1"><si><t>A</t></si></sst>'.encode()
    cells = _GOOD_ROW.replace('t="inlineStr"><is><t>A</t></is>', 't="s"><v>99</v>')
    return with_shared_strings(strings, cells)


def no_sheet() -> bytes:
    data = plain_xlsx()
    workbook = zipfile.ZipFile(io.BytesIO(data)).read("xl/workbook.xml")
    start, end = workbook.index(b"<sheets>"), workbook.index(b"</sheets>") + len(b"</sheets>")
    return rewrite(data, {"xl/workbook.xml": workbook[:start] + b"<sheets/>" + workbook[end:],
                          SHEET: None})


def huge_string(megabytes: int = 300) -> bytes:
    """A small file (a few hundred KB) holding one string of ``megabytes`` MB."""
    out = io.BytesIO()
    data = plain_xlsx()
    source = zipfile.ZipFile(io.BytesIO(data))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            if info.filename == SHEET:
                with target.open(SHEET, "w", force_zip64=True) as member:
                    head, tail = _sheet(_GOOD_ROW.replace("<t>A</t>", "<t>@@@</t>")).split(b"@@@")
                    member.write(head)
                    chunk = b"A" * (1024 * 1024)
                    for _ in range(megabytes):
                        member.write(chunk)
                    member.write(tail)
            else:
                target.writestr(info.filename, source.read(info.filename))
    return out.getvalue()


def many_members() -> bytes:
    return rewrite(plain_xlsx(), {f"junk/{i}.bin": b"" for i in range(5000)})
