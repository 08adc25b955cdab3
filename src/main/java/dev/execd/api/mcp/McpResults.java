package dev.execd.api.mcp;

import java.util.List;
import java.util.Map;

import dev.execd.api.CommandResult;
import dev.execd.api.ExecResult;
import dev.execd.api.OutputResult;
import dev.execd.api.ProcessList;
import dev.execd.api.ScreenView;
import dev.execd.api.SessionList;
import dev.execd.api.SessionView;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.jspecify.annotations.Nullable;

/**
 * The results of the MCP tools: text for the model in the contract's format (a header, a
 * line {@code ---}, then the output) and, as structured content, the REST body without
 * what the text already carries ({@link McpContent}).
 */
final class McpResults {

	private McpResults() {
	}

	static CallToolResult exec(ExecResult result, Map<String, @Nullable Object> structured) {
		String text = header(result.session(), result.wallTimeMs(), result.omittedBytes(), null, result.endedBy())
				+ McpContent.output(result.output(), result.session().sessionId(), result.omittedBytes());
		return success(withScreen(text, result.screen()), structured);
	}

	/** A read by offset; its header also says where the next read starts. */
	static CallToolResult output(OutputResult result, long wallTimeMs, Map<String, @Nullable Object> structured) {
		String text = header(result.session(), wallTimeMs, 0, result.nextOffset(), result.endedBy()) + result.output();
		return success(withScreen(text, result.screen()), structured);
	}

	/**
	 * A screen: a header line, {@code ---}, the scrollback rows if any, then the rows
	 * with a line holding {@code ^} under the cursor right after the cursor's row.
	 */
	static CallToolResult screen(ScreenView screen, Map<String, @Nullable Object> structured) {
		return success(screenText(screen), structured);
	}

	static String screenText(ScreenView screen) {
		StringBuilder text = new StringBuilder("screen ").append(screen.cols()).append('x').append(screen.rows());
		text.append(", cursor row ").append(screen.cursor().row()).append(" col ").append(screen.cursor().col());
		text.append(screen.cursor().visible() ? " (visible)" : " (hidden)");
		text.append(screen.altScreen() ? ", alt screen" : ", primary screen");
		text.append(", title: ").append((screen.title() != null) ? screen.title() : "").append("\n---\n");
		if (screen.scrollback() != null) {
			screen.scrollback().forEach((line) -> text.append(line).append('\n'));
		}
		for (int row = 0; row < screen.lines().size(); row++) {
			text.append(screen.lines().get(row)).append('\n');
			if (row == screen.cursor().row()) {
				text.append(" ".repeat(screen.cursor().col())).append("^\n");
			}
		}
		return text.toString();
	}

	/** The output, then the screen when the call asked for it. */
	private static String withScreen(String text, @Nullable ScreenView screen) {
		if (screen == null) {
			return text;
		}
		return text + (text.endsWith("\n") ? "" : "\n") + "--- screen\n" + screenText(screen);
	}

	static CallToolResult killed(SessionView session, long wallTimeMs, Map<String, @Nullable Object> structured) {
		return success(header(session, wallTimeMs, 0, null, null), structured);
	}

	/**
	 * A count, then one line a session: its id, state, command (a shell has none) and
	 * when it last printed.
	 */
	static CallToolResult list(SessionList list, Map<String, @Nullable Object> structured) {
		StringBuilder text = new StringBuilder("sessions: ").append(list.sessions().size()).append("\n---\n");
		for (SessionView session : list.sessions()) {
			text.append(session.sessionId()).append(' ').append(state(session));
			if (!running(session) && session.exitCode() != null) {
				text.append(" exit_code: ").append(session.exitCode());
			}
			String command = (session.cmd() != null) ? session.cmd()
					: (session.argv() != null) ? String.join(" ", session.argv()) : "(shell " + session.name() + ")";
			if (!session.ports().isEmpty()) {
				text.append(" ports: ").append(join(session.ports()));
			}
			text.append(' ').append(command.replace('\n', ' '));
			if (session.lastOutputAt() != null) {
				text.append(" last_output_at: ").append(session.lastOutputAt());
			}
			text.append('\n');
		}
		return success(text.toString(), structured);
	}

	/**
	 * A count, then one line a process: pid, parent, state, usage, ports, command line.
	 */
	static CallToolResult processes(ProcessList list, Map<String, @Nullable Object> structured) {
		StringBuilder text = new StringBuilder("processes: ").append(list.processes().size()).append("\n---\n");
		for (ProcessList.Process process : list.processes()) {
			text.append("pid ").append(process.pid()).append(" ppid ").append(process.ppid()).append(' ');
			text.append(process.state()).append(" cpu_ms ").append(process.cpuMs());
			text.append(" rss_bytes ").append(process.rssBytes());
			if (!process.listening().isEmpty()) {
				text.append(" listening: ")
					.append(join(process.listening()
						.stream()
						.map((s) -> s.protocol() + " " + s.address() + ":" + s.port())
						.toList()));
			}
			text.append(' ').append(String.join(" ", process.argv()).replace('\n', ' ')).append('\n');
		}
		return success(text.toString(), structured);
	}

	private static String join(List<?> values) {
		return String.join(",", values.stream().map(String::valueOf).toList());
	}

	/**
	 * A command of a shell: the header says whether the command (not the shell) ended,
	 * with its id, exit code and {@code PIPESTATUS}; {@code log_url} reads its output
	 * from the session's log.
	 */
	static CallToolResult command(SessionView shell, CommandResult command, long wallTimeMs,
			Map<String, @Nullable Object> structured) {
		boolean exited = "exited".equals(command.status());
		StringBuilder text = new StringBuilder(exited ? "[exited]" : "[still running]").append('\n');
		if ("queued".equals(command.status())) {
			text.append("status: queued\n");
		}
		text.append("session_id: ").append(shell.sessionId()).append('\n');
		text.append("command_id: ").append(command.commandId()).append('\n');
		if (command.exitCode() != null) {
			text.append("exit_code: ").append(command.exitCode()).append('\n');
		}
		if (command.pipeStatus() != null) {
			text.append("pipe_status: ").append(command.pipeStatus()).append('\n');
		}
		if (command.end() != null) {
			text.append("end: ").append(command.end()).append('\n');
		}
		text.append("wall_time_ms: ").append(wallTimeMs).append('\n');
		if (command.omittedBytes() > 0) {
			text.append("omitted_bytes: ").append(command.omittedBytes()).append('\n');
		}
		text.append("log_url: ").append(shell.logUrl()).append("\n---\n");
		String output = McpContent.output(command.output(), shell.sessionId(), command.omittedBytes());
		return success(text.append(output).toString(), structured);
	}

	/** A refusal: the text starts with the contract's code. */
	static CallToolResult error(String code, @Nullable String detail) {
		return CallToolResult.builder().addTextContent(code + ": " + detail).isError(true).build();
	}

	static String header(SessionView session, long wallTimeMs, long omittedBytes, @Nullable Long nextOffset,
			@Nullable String endedBy) {
		StringBuilder text = new StringBuilder(state(session)).append('\n');
		text.append("session_id: ").append(session.sessionId()).append('\n');
		if (!running(session) && session.exitCode() != null) {
			text.append("exit_code: ").append(session.exitCode()).append('\n');
		}
		if (session.signal() != null) {
			text.append("signal: ").append(session.signal()).append('\n');
		}
		text.append("wall_time_ms: ").append(wallTimeMs).append('\n');
		if (endedBy != null) {
			text.append("ended_by: ").append(endedBy).append('\n');
		}
		if (omittedBytes > 0) {
			text.append("omitted_bytes: ").append(omittedBytes).append('\n');
		}
		if (nextOffset != null) {
			text.append("next_offset: ").append(nextOffset).append('\n');
		}
		return text.append("log_url: ").append(session.logUrl()).append("\n---\n").toString();
	}

	private static String state(SessionView session) {
		return running(session) ? "[still running]" : "[exited]";
	}

	private static boolean running(SessionView session) {
		return "running".equals(session.status());
	}

	static CallToolResult success(String text, Map<String, @Nullable Object> structured) {
		return CallToolResult.builder().addTextContent(text).structuredContent(structured).isError(false).build();
	}

}
