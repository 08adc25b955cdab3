package dev.execd;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The screen and wait arguments over MCP are taken exactly as REST takes them: the same
 * types refused (no string for a number, no fraction), the same negatives and patterns
 * refused, the same codes ({@code invalid_request}, {@code unknown_key},
 * {@code not_a_terminal}), and nothing written when a part is refused.
 */
class McpScreenContractTests extends McpEndToEndTest {

	private static Map<String, Object> args(Object... pairs) {
		Map<String, Object> map = new HashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			map.put((String) pairs[i], pairs[i + 1]);
		}
		return map;
	}

	private void assertRefused(String tool, Map<String, Object> arguments, String code) {
		McpTestClient.Result result = this.mcp.call(tool, arguments);
		assertThat(result.error()).as(tool + " " + arguments + ": " + result.text()).isTrue();
		assertThat(result.text()).as(tool + " " + arguments).startsWith(code + ": ");
	}

	@Test
	void badScreenAndWaitArgumentsAreRefusedWithTheCodesRestUses() {
		String tty = this.mcp
			.ok("exec_command", Map.of("cmd", "cat", "tty", true, "cols", 30, "rows", 4, "yield_time_ms", 0))
			.sessionId();
		String pipe = this.mcp.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 0)).sessionId();
		for (Object scrollback : List.of("abc", "5", -1, 1.5, 1e30, new BigInteger("99999999999999999999999"))) {
			assertRefused("read_screen", args("session_id", tty, "scrollback", scrollback), "invalid_request");
		}
		assertRefused("read_screen", args("session_id", tty, "format", "text"), "invalid_request");
		assertRefused("read_screen", args("session_id", pipe), "not_a_terminal");
		for (String tool : List.of("read_output", "write_stdin")) {
			for (Map.Entry<String, ?> bad : List.<Map.Entry<String, ?>>of(Map.entry("view", "SCREEN"),
					Map.entry("view", ""), Map.entry("view", 5), Map.entry("settle_ms", "5"),
					Map.entry("settle_ms", -1), Map.entry("settle_ms", 1.5), Map.entry("settle_ms", 1e30),
					Map.entry("input_quiet_ms", true), Map.entry("input_quiet_ms", -1),
					Map.entry("wait_for_screen", "("), Map.entry("wait_for_screen", 5))) {
				assertRefused(tool, args("session_id", tty, bad.getKey(), bad.getValue()), "invalid_request");
			}
			assertRefused(tool, args("session_id", pipe, "view", "screen"), "not_a_terminal");
			assertRefused(tool, args("session_id", pipe, "wait_for_screen", "x"), "not_a_terminal");
		}
		List<Object> parts = List.of(Arrays.asList((Object) null), List.of(Map.of()),
				List.of(Map.of("chars", "a", "keys", List.of("q"))), List.of(Map.of("bogus", "a")), "x", List.of(5));
		for (Object value : parts) {
			assertRefused("write_stdin", args("session_id", tty, "parts", value), "invalid_request");
		}
		assertRefused("write_stdin", args("session_id", tty, "parts",
				List.of(Map.of("chars", "NOT WRITTEN\r"), Map.of("keys", List.of("Nope")))), "unknown_key");
		assertRefused("write_stdin",
				args("session_id", tty, "parts",
						List.of(Map.of("chars", "NOT WRITTEN\r"), Map.of("keys", Arrays.asList((Object) null)))),
				"unknown_key");
		assertRefused("write_stdin", args("session_id", tty, "parts", List.of(Map.of("chars", "x")), "chars", "y"),
				"invalid_request");
		assertRefused("write_stdin", args("session_id", pipe, "view", "screen", "chars", "NOT WRITTEN\n"),
				"not_a_terminal");
		assertRefused("exec_command", args("cmd", "true", "view", "screen"), "invalid_request");
		assertRefused("exec_command", args("cmd", "true", "wait_for_screen", "x"), "invalid_request");
		assertRefused("exec_command", args("cmd", "true", "tty", true, "settle_ms", "1"), "invalid_request");
		McpTestClient.Result screen = this.mcp.ok("read_screen", Map.of("session_id", tty));
		assertThat(screen.text()).doesNotContain("NOT WRITTEN");
		assertThat(this.mcp.ok("read_output", Map.of("session_id", pipe, "offset", 0)).output()).isEmpty();
	}

}
