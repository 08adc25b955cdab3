package dev.execd;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Requests that try to reach a protected route through a public prefix or an encoding
 * Tomcat normalizes, as an attacker would send them (paths as-is, over a raw socket).
 */
final class PathTricks {

	static final List<String> TARGETS = List.of("/mcp", "/sessions", "/events");

	private static final List<String> PREFIXES = List.of("/actuator/health/../..", "/actuator/health/%2e%2e/%2e%2e",
			"/actuator/health/%2E%2E/%2E%2E", "/actuator/health/..;/..;", "/actuator/health;x=1/../..",
			"/swagger-ui/..", "/swagger-ui.html/..", "/v3/api-docs/..", "/v3/api-docs/%2e%2e", "//", "/./",
			"/actuator/health/..%2f..%2f", "/actuator/health/..\\..\\");

	private PathTricks() {
	}

	/** Every trick for every target: {@code [path, target]}. */
	static List<String[]> all() {
		List<String[]> all = new ArrayList<>();
		for (String target : TARGETS) {
			for (String prefix : PREFIXES) {
				String path = prefix.endsWith("/") || prefix.endsWith("\\") ? prefix + target.substring(1)
						: prefix + target;
				all.add(new String[] { path, target });
			}
			all.add(new String[] { target + ";jsessionid=x", target });
			all.add(new String[] { target + "/.", target });
			all.add(new String[] { "/actuator/health/" + "%2e%2e%2f%2e%2e" + target, target });
		}
		return all;
	}

	/** A body that would start a session (or an MCP session) touching {@code marker}. */
	static String body(String target, String marker) {
		return switch (target) {
			case "/mcp" -> """
					{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
					"capabilities":{},"clientInfo":{"name":"trick","version":"1"}}}""";
			default -> "{\"cmd\":\"touch " + marker + "\",\"yield_time_ms\":0}";
		};
	}

	/** Sends one trick with the given extra header lines and returns the raw response. */
	static String send(int port, String method, String path, String target, String marker, String... headers) {
		List<String> lines = new ArrayList<>(List.of("Host: localhost:" + port));
		lines.addAll(List.of(headers));
		if (!method.equals("POST")) {
			return RawHttp.send(port, method, path, lines.toArray(String[]::new));
		}
		lines.add("Content-Type: application/json");
		lines.add("Accept: application/json, text/event-stream");
		return RawHttp.sendBody(port, method, path, body(target, marker), lines.toArray(String[]::new));
	}

	static String marker() {
		return System.getProperty("java.io.tmpdir") + "/execd-trick-" + UUID.randomUUID();
	}

}
