package dev.execd;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import tools.jackson.databind.JsonNode;

/**
 * A tmux pane and an execd session that should show the same screen: reads both until
 * each has stood still for a while.
 */
final class ScreenPair {

	/** Unchanged for this long counts as drawn. */
	static final long QUIET_MS = 600;

	static final long BOUND_MS = 20_000;

	/** Both screens at one moment. */
	record Views(TmuxPane.View tmux, TmuxPane.View execd) {
	}

	private final TmuxPane tmux;

	private final TestClient api;

	private final String id;

	ScreenPair(TmuxPane tmux, TestClient api, String id) {
		this.tmux = tmux;
		this.api = api;
		this.id = id;
	}

	/**
	 * Polls both until what {@code view} picks from each has not changed for
	 * {@link #QUIET_MS}; gives up after {@link #BOUND_MS} and returns the last views (the
	 * comparison then says what differs).
	 */
	Views settle(UnaryOperator<List<String>> view) throws InterruptedException {
		long deadline = System.nanoTime() + BOUND_MS * 1_000_000;
		Views last = null;
		long stableSince = System.nanoTime();
		while (System.nanoTime() < deadline) {
			Views now = new Views(this.tmux.view(), execd());
			if (last == null || !same(last, now, view)) {
				last = now;
				stableSince = System.nanoTime();
			}
			else if (System.nanoTime() - stableSince >= QUIET_MS * 1_000_000) {
				return now;
			}
			Thread.sleep(100);
		}
		return last;
	}

	private static boolean same(Views a, Views b, UnaryOperator<List<String>> view) {
		return view.apply(a.tmux().lines()).equals(view.apply(b.tmux().lines()))
				&& view.apply(a.execd().lines()).equals(view.apply(b.execd().lines()))
				&& a.tmux().cursorRow() == b.tmux().cursorRow() && a.tmux().cursorCol() == b.tmux().cursorCol()
				&& a.execd().cursorRow() == b.execd().cursorRow() && a.execd().cursorCol() == b.execd().cursorCol();
	}

	/** GET /sessions/{id}/screen as the same kind of view. */
	TmuxPane.View execd() {
		TestClient.Response response = this.api.get("/sessions/" + this.id + "/screen");
		if (response.status() != 200) {
			throw new AssertionError("GET /screen: " + response.status() + " " + response.text());
		}
		JsonNode screen = response.json();
		List<String> lines = new ArrayList<>();
		screen.get("lines").forEach((l) -> lines.add(l.asString()));
		JsonNode cursor = screen.get("cursor");
		JsonNode title = screen.get("title");
		return new TmuxPane.View(lines, cursor.get("row").asInt(), cursor.get("col").asInt(),
				screen.get("alt_screen").asBoolean(), (title == null || title.isNull()) ? "" : title.asString());
	}

}
