package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program in a detached tmux pane on a server of its own (its own socket, no config
 * file): the reference terminal the screen tests compare execd with.
 */
final class TmuxPane implements AutoCloseable {

	/**
	 * What the pane shows: rows with trailing blanks trimmed, cursor, alternate screen.
	 */
	record View(List<String> lines, int cursorRow, int cursorCol, boolean altScreen, String title) {
	}

	private final String socket;

	private TmuxPane(String socket) {
		this.socket = socket;
	}

	/**
	 * Starts {@code shellCommand} in a {@code cols}x{@code rows} pane, in {@code dir}.
	 */
	static TmuxPane start(String shellCommand, int cols, int rows, java.nio.file.Path dir) {
		TmuxPane pane = new TmuxPane("execd-oracle-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
		pane.tmux("-f", "/dev/null", "new-session", "-d", "-s", "oracle", "-x", "" + cols, "-y", "" + rows, "-c",
				dir.toString(), shellCommand);
		// Keep the pane's size fixed whatever client might attach, and the pane after
		// exit.
		pane.tmux("set-option", "-t", "oracle", "remain-on-exit", "on");
		return pane;
	}

	/** Types literal text. */
	void type(String text) {
		tmux("send-keys", "-t", "oracle", "-l", text);
	}

	/**
	 * Presses keys by tmux name (Enter, Escape, Up, ...: the names execd's keys use too).
	 */
	void press(String... keys) {
		List<String> argv = new ArrayList<>(List.of("send-keys", "-t", "oracle"));
		argv.addAll(Arrays.asList(keys));
		tmux(argv.toArray(String[]::new));
	}

	void resize(int cols, int rows) {
		tmux("resize-window", "-t", "oracle", "-x", "" + cols, "-y", "" + rows);
	}

	View view() {
		String text = tmux("capture-pane", "-p", "-t", "oracle");
		List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
		if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
			lines.remove(lines.size() - 1);
		}
		lines.replaceAll(String::stripTrailing);
		String[] info = tmux("display-message", "-p", "-t", "oracle",
				"#{cursor_y}\t#{cursor_x}\t#{alternate_on}\t#{pane_title}")
			.strip()
			.split("\t", -1);
		return new View(lines, Integer.parseInt(info[0]), Integer.parseInt(info[1]), "1".equals(info[2]),
				(info.length > 3) ? info[3] : "");
	}

	@Override
	public void close() {
		tmux("kill-server");
	}

	private String tmux(String... args) {
		List<String> argv = new ArrayList<>(List.of("tmux", "-L", this.socket));
		argv.addAll(Arrays.asList(args));
		try {
			Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
			String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(10, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException("tmux hung: " + argv);
			}
			return out;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
