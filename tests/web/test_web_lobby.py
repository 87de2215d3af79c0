"""The browser's lobby follows the server's changes without a reload: a table another
browser opens comes into the list, a person sitting down shows, a table that closes goes,
a join code being typed meanwhile stays; past the server's limit the list says how many
tables it leaves out. A page left open across a server upgrade to a newer protocol loads
itself again (once), which brings the client that speaks it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from canasta.net import protocol
from canasta.net.client import Client
from tests.web.browser import page as new_page
from tests.web.helpers import PATIENCE_MS, WebServer, create_table, enter


def test_a_table_another_browser_opens_comes_into_the_lobby_without_a_reload(
    browser: Any, server: WebServer
) -> None:
    ann, bob = new_page(browser), new_page(browser)
    enter(ann, server.http, "Ann")
    ann.wait_for_selector("#new2", timeout=PATIENCE_MS)
    assert ann.query_selector("#tables .table-row") is None
    ann.evaluate("window.samePage = true")  # gone if the page were loaded again
    enter(bob, server.http, "Bob")
    create_table(bob, players=4)
    row = "#tables .table-row"
    ann.wait_for_selector(f"{row}:has-text('Bob')", timeout=PATIENCE_MS)
    ann.fill("#code", "ABCD")  # typing a code while the list changes
    cat = Client(server.ws, "Cat")
    server.call(cat.connect())
    [made] = server.call(cat.list_tables())
    server.call(cat.join(2, table=made.id))
    ann.wait_for_selector(f"{row}:has-text('Cat')", timeout=PATIENCE_MS)
    assert ann.input_value("#code") == "ABCD"
    assert ann.locator(row).count() == 1
    bob.click("#leave")  # Cat stays: the table stays, Bob's chair free again
    ann.wait_for_selector(f"{row}:not(:has-text('Bob'))", timeout=PATIENCE_MS)
    server.call(cat.send_leave())  # nobody left: the table closes and goes
    ann.wait_for_selector(row, state="detached", timeout=PATIENCE_MS)
    assert ann.evaluate("window.samePage") is True
    server.call(cat.close())


def test_past_the_limit_the_lobby_counts_the_tables_it_leaves_out(
    browser: Any, server: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "LOBBY_LIMIT", 1)
    hosts = [Client(server.ws, name) for name in ("Dan", "Eve", "Fay")]
    for host in hosts[:2]:
        server.call(host.connect())
        server.call(host.create(players=2))
    ann = new_page(browser)
    enter(ann, server.http, "Ann")
    ann.wait_for_selector("#tables-more", timeout=PATIENCE_MS)
    assert ann.locator("#tables .table-row").count() == 1
    assert ann.text_content("#tables-more") == "and 1 more table"
    server.call(hosts[2].connect())
    server.call(hosts[2].create(players=2))  # the newest joinable table is listed
    ann.wait_for_selector("#tables-more:has-text('2 more tables')", timeout=PATIENCE_MS)
    assert "Fay" in str(ann.text_content("#tables .table-row"))
    for host in hosts:
        server.call(host.close())


def test_a_page_left_open_across_a_server_upgrade_loads_the_new_client(
    browser: Any, server: WebServer
) -> None:
    page = new_page(browser)
    served: list[int] = []

    def config(route: Any) -> None:
        answer = route.fetch()
        body = json.loads(answer.text())
        if not served:  # the first load: the client of the protocol before this one
            body["protocol"] = protocol.PROTOCOL_VERSION - 1
        served.append(body["protocol"])
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/config.json", config)
    page.goto(server.http + "/")
    page.fill("#name", "Ann")
    with page.expect_navigation(timeout=PATIENCE_MS):  # refused: "version", loaded again
        page.click("form.name-form button[type=submit]")
    page.wait_for_selector("#name", timeout=PATIENCE_MS)  # drawn: its config was served
    assert served == [protocol.PROTOCOL_VERSION - 1, protocol.PROTOCOL_VERSION]
    reloaded = page.evaluate("sessionStorage.getItem('canasta.reloaded-for')")
    assert reloaded == str(protocol.PROTOCOL_VERSION)
    page.click("form.name-form button[type=submit]")  # the name was kept
    page.wait_for_selector("#new2", timeout=PATIENCE_MS)
