package dev.execd.api.mcp;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.execd.api.ExecResult;
import dev.execd.api.OutputResult;
import dev.execd.api.SessionList;
import dev.execd.api.SessionView;
import dev.execd.api.UsageView;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The text of MCP results: the contract's header, a line {@code ---}, then the output.
 */
class McpResultsTests {

	private static final Map<String, Object> STRUCTURED = Map.of("output", "x");

	@Test
	void runningSessionHasNoExitLines() {
		ExecResult result = new ExecResult("hello\n", 0, 6, 0, 2, 250, null, "input", session("running", null, null),
				null);
		assertThat(text(McpResults.exec(result, STRUCTURED))).isEqualTo("""
				[still running]
				session_id: abc
				wall_time_ms: 250
				ended_by: input
				log_url: /sessions/abc/log
				---
				hello
				""");
	}

	@Test
	void exitedSessionShowsExitCodeSignalAndOmittedBytes() {
		ExecResult result = new ExecResult("^C", 0, 5000, 4000, 1250, 12, false, "exit",
				session("exited", 130, "SIGINT"), null);
		McpSchema.CallToolResult mcp = McpResults.exec(result, STRUCTURED);
		assertThat(text(mcp)).isEqualTo("""
				[exited]
				session_id: abc
				exit_code: 130
				signal: SIGINT
				wall_time_ms: 12
				ended_by: exit
				omitted_bytes: 4000
				log_url: /sessions/abc/log
				---
				^C""");
		assertThat(mcp.isError()).isFalse();
		assertThat(mcp.structuredContent()).isEqualTo(STRUCTURED);
	}

	@Test
	void readByOffsetSaysWhereTheNextReadStarts() {
		OutputResult result = new OutputResult("world", 6, 11, true, null, "output", session("exited", 0, null), null);
		assertThat(text(McpResults.output(result, 3, STRUCTURED))).isEqualTo("""
				[exited]
				session_id: abc
				exit_code: 0
				wall_time_ms: 3
				ended_by: output
				next_offset: 11
				log_url: /sessions/abc/log
				---
				world""");
	}

	@Test
	void listHasOneLinePerSession() {
		SessionList list = new SessionList(List.of(session("running", null, null), session("exited", 1, null)));
		assertThat(text(McpResults.list(list, STRUCTURED))).isEqualTo("""
				sessions: 2
				---
				abc [still running] make test
				abc [exited] exit_code: 1 make test
				""");
	}

	@Test
	void errorTextStartsWithTheCode() {
		McpSchema.CallToolResult error = McpResults.error("session_not_found", "no session 'x' in this conversation");
		assertThat(error.isError()).isTrue();
		assertThat(text(error)).isEqualTo("session_not_found: no session 'x' in this conversation");
	}

	private static String text(McpSchema.CallToolResult result) {
		assertThat(result.content()).hasSize(1);
		return ((McpSchema.TextContent) result.content().get(0)).text();
	}

	private static SessionView session(String status, Integer exitCode, String signal) {
		Instant now = Instant.parse("2026-01-01T00:00:00Z");
		return new SessionView("abc", "default", null, status, exitCode, signal, null, false, 42, false, null, null,
				"make test", null, "command", "/repo", now, null, now, 1800000, 0, 6, 0, false, true, false, 0,
				"/sessions/abc/log", "/sessions/abc/stream", List.of(), null, new UsageView(0, 0, 0, 0), List.of());
	}

}
