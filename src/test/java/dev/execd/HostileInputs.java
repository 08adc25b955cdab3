package dev.execd;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.execd.input.InputDecoder;
import dev.execd.input.Keys;
import dev.execd.process.Signals;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Generators of malformed and hostile request parts for
 * {@link HostileInputPropertiesTests} (JSON built as text, so that any type can go
 * anywhere), and the checks that keep the harmful ones away from the victim session.
 */
final class HostileInputs {

	/**
	 * Number literals: huge, negative, fractional, out of every integer range, invalid.
	 */
	static final List<String> NUMBERS = List.of("0", "-0", "1", "-1", "5", "50", "-50", "20", "500", "501", "300",
			"2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
			"-9223372036854775808", "-9223372036854775809", "1e300", "-1e300", "1e19", "1.5", "-1.5", "0.0", "1E2",
			"1e-300", "123456789012345678901234567890", "1e99999", "01", "NaN", "-Infinity", "+1", ".5", "0x10");

	/** Decoded string pieces: C-style escapes (good and bad), odd unicode, injections. */
	static final List<String> PIECES = List.of("\\x", "\\x4", "\\xZZ", "\\x41", "\\x0", "\\u{110000}", "\\u{}",
			"\\u{1F600}", "\\u{D800}", "\\uD800", "\\uDC00", "\\uD83D\\uDE00", "\\u12", "\\uZZZZ", "\\e[31m", "\\q",
			"\\0", "\\", "\\\\", "\\n", "\u0000", "\uD800", "\uDC00", "\u202E", "\u200F", "\uFEFF", "\uFFFF", "\uFFFE",
			"\u0085", "\u2028", "é", "😀", "中文", "e\u0301", "\u001B[31m", "\r\n", "\t", "\u007F", "%00", "../", "${x}",
			"$(id)", "`id`", "'", "\"", "<script>", "%s%n");

	/** String literals that are not valid JSON. */
	static final List<String> BAD_STRING_LITERALS = List.of("\"\\q\"", "\"\\u12\"", "\"abc", "\"a\u0001b\"", "'x'",
			"\"\\uD800", "\"a\nb\"");

	static final List<String> REGEXES = List.of("(", "[", "*", "a{2,1}", "\\", "(?<", "\\p{Foo}", "(a+)+$", "(?i)PING",
			"x", "", "^", "(?=", "\\k<x>", "a".repeat(1025), "b".repeat(2000), "((((((((((x))))))))))",
			"(.*)*(.*)*(.*)*z");

	static final List<String> KEYS = List.of("Enter", "Tab", "BackTab", "Escape", "Backspace", "Space", "Up", "Left",
			"F1", "F12", "F13", "f1", "C-a", "C-z", "C-@", "C-[", "C-]", "C-c", "C-C", "C-\\", "C-", "C-ab", "C-1",
			"M-x", "M-", "M-ab", "M-😀", "M-\uD800", "M-\u0003", "enter", "", " Enter", "Enter ", "\u0000");

	static final List<String> SIGNALS = List.of("SIGINT", "INT", "int", "sigkill", "KILL", "9", "15", "0", "65", "-1",
			"32", "33", "34", "64", "RTMIN", "RTMIN+3", "SIGRTMAX-2", "RTMIN+31", "RTMAX-31", "RTMIN+", "RTMIN-1",
			"SIGFOO", "SIG", "", " 2 ", "0x2", "2.0", "999999999999", "\u0000", "SIGINT\u0000", "ＩＮＴ", "ınt");

	static final List<String> CONTENT_TYPES = List.of("text/plain", "application/x-www-form-urlencoded",
			"application/xml", "application/problem+json", "application/json; charset=utf-16",
			"application/json; charset=bogus", "application/json; charset=iso-8859-1",
			"multipart/form-data; boundary=x", "*/*", "application/json;;", "garbage", "application/JSON",
			"application/json; q=0.5", "text/json");

	static final List<String> ACCEPTS = List.of("application/json", "*/*", "text/html", "application/xml",
			"text/event-stream", "garbage", "application/problem+json", "image/png, */*;q=0.1",
			"application/json; q=abc", "/", "text/");

	static final List<String> CONVERSATIONS = List.of("", " ", "a b", "x".repeat(129), "é", "../x", "a/b", "a%00",
			"a\u0000b", "hostile-scratch", "default");

	static final List<String> RANGES = List.of("bytes=abc", "bytes=5-1", "bytes=-", "bytes=0-0", "bytes=-0", "bytes=0-",
			"bytes=99999999999999999999-", "bytes=0-9223372036854775807", "bytes=1-2,3-4", "items=0-1", "bytes= 1-2",
			"", "bytes=-99999999999999999999", "bytes=9223372036854775807-");

	/** Values for {@code wait_ms}: every one is refused or waits at most 50 ms. */
	static final List<String> SAFE_WAITS = List.of("-1", "0", "50", "", "abc", "1e3", "9223372036854775808",
			"-9223372036854775809", "0x10", "-0x1", " 5", "5.5", "%00", "-9223372036854775808");

	private HostileInputs() {
	}

	/** A JSON string literal for any Java string; lone surrogates become \\u escapes. */
	static String q(String s) {
		StringBuilder out = new StringBuilder("\"");
		for (char c : s.toCharArray()) {
			if (c == '"' || c == '\\') {
				out.append('\\').append(c);
			}
			else if (c < 0x20 || Character.isSurrogate(c)) {
				out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
			}
			else {
				out.append(c);
			}
		}
		return out.append('"').toString();
	}

	static Arbitrary<String> text(int maxPieces) {
		Arbitrary<String> piece = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.strings().alpha().ofMaxLength(6)),
				Tuple.of(4, Arbitraries.of(PIECES)), Tuple.of(1, Arbitraries.strings().all().ofMaxLength(3)));
		return piece.list().ofMaxSize(maxPieces).map((parts) -> String.join("", parts));
	}

	static Arbitrary<String> jsonString() {
		return Arbitraries.frequencyOf(Tuple.of(20, text(6).map(HostileInputs::q)),
				Tuple.of(1, Arbitraries.of(BAD_STRING_LITERALS)));
	}

	static Arbitrary<String> number() {
		return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(NUMBERS)),
				Tuple.of(1, Arbitraries.longs().map(String::valueOf)));
	}

	static Arbitrary<String> scalar() {
		return Arbitraries.frequencyOf(Tuple.of(3, jsonString()), Tuple.of(3, number()),
				Tuple.of(2, Arbitraries.of("true", "false", "null")));
	}

	/** Any JSON value (and some invalid ones), nested up to {@code depth}. */
	static Arbitrary<String> value(int depth) {
		if (depth == 0) {
			return scalar();
		}
		Arbitrary<String> inner = value(depth - 1);
		return Arbitraries.frequencyOf(Tuple.of(6, scalar()), Tuple.of(1, array(inner)), Tuple.of(1, object(inner)));
	}

	static Arbitrary<String> array(Arbitrary<String> element) {
		return element.list().ofMaxSize(4).map((items) -> "[" + String.join(",", items) + "]");
	}

	static Arbitrary<String> object(Arbitrary<String> value) {
		return fields(Combinators.combine(text(2).map(HostileInputs::q), value).as((k, v) -> k + ":" + v), 4);
	}

	static Arbitrary<String> fields(Arbitrary<String> field, int max) {
		return field.list().ofMaxSize(max).map((items) -> "{" + String.join(",", items) + "}");
	}

	static Arbitrary<String> field(String name, Arbitrary<String> value) {
		return value.map((v) -> q(name) + ":" + v);
	}

	/**
	 * A field of the kind a client would send, with a value of the right or wrong type.
	 */
	static Arbitrary<String> field(String name, Arbitrary<String> right, int depth) {
		return field(name, Arbitraries.frequencyOf(Tuple.of(3, right), Tuple.of(2, value(depth))));
	}

	static Arbitrary<String> unknownField() {
		return Combinators
			.combine(Arbitraries.of("foo", "CMD", "cmd ", "yieldTimeMs", "", "__proto__", "\u0000", "chars_b64 ",
					"session_id", "Signal"), value(1))
			.as((k, v) -> q(k) + ":" + v);
	}

	/** Bodies of {@code POST /sessions}; a command, when one starts, ends at once. */
	static Arbitrary<String> startBody() {
		Arbitrary<String> safeCmd = Arbitraries.of("\"true\"", "\"echo x\"", "\"\"", "\"exit 3\"");
		Arbitrary<String> cmd = Arbitraries.frequencyOf(Tuple.of(6, safeCmd), Tuple.of(2, Arbitraries.oneOf(number(),
				Arbitraries.of("true", "false", "null", "{}", "{\"a\":1}"), Arbitraries.of(BAD_STRING_LITERALS))),
				Tuple.of(1, array(safeCmd)));
		Arbitrary<String> argvItem = Arbitraries.oneOf(
				Arbitraries.of("\"true\"", "\"echo\"", "\"x\"", "\"\"", "null", "\"/nonexistent/x\"", "\"/etc/passwd\"",
						"\"/tmp\"", "\"tr\\u0000ue\"", "\"../../bin/true\"", "[]", "{}", "true"),
				number());
		Arbitrary<String> argv = Arbitraries.frequencyOf(Tuple.of(4, array(argvItem)),
				Tuple.of(1, Arbitraries.oneOf(scalar(), object(scalar()))));
		Arbitrary<String> path = Arbitraries
			.of("/tmp", "/", "", ".", "..", "../../../../etc", "/nonexistent", "/etc/passwd", "/proc/self/cwd",
					"/tmp\u0000x", "~", "/bin/sh", "/bin/bash", "/bin/true", "sh", "/nonexistent/sh", "/etc",
					"../../../../bin/sh", "/tmp/../tmp")
			.map(HostileInputs::q);
		Arbitrary<String> envName = Arbitraries.oneOf(
				Arbitraries.of("A", "", "A=B", "=", "\u0000", "X\u0000Y", "PATH", "HOME", "EXECD_TOKENS",
						"EXECD_SESSION_ID", "LANG", "1ABC", "é", "A B", "\uD800", "TERM"),
				Arbitraries.strings().alpha().ofMaxLength(8).map((s) -> "X_" + s));
		Arbitrary<String> env = Arbitraries
			.frequencyOf(
					Tuple.of(6,
							fields(Combinators.combine(envName.map(HostileInputs::q), value(1))
								.as((k, v) -> k + ":" + v), 5)),
					Tuple.of(1, Arbitraries.of(manyEnv(257), manyEnv(256), "{\"BIG\":" + q("v".repeat(70_000)) + "}")),
					Tuple.of(1, scalar()));
		Arbitrary<String> field = Arbitraries.oneOf(field("argv", argv), field("workdir", path, 1),
				field("shell", path), field("login", Arbitraries.of("true", "false"), 0), field("env", env),
				field("tty", Arbitraries.of("true", "false"), 0), field("cols", number()), field("rows", number()),
				field("yield_time_ms", number()), field("wait_for", regex(), 1), field("max_output_bytes", number()),
				field("truncation", truncation(), 0), field("strip_ansi", Arbitraries.of("true", "false"), 0),
				field("stdin", text(4).map(HostileInputs::q), 0), field("max_runtime_ms", number()),
				field("idle_timeout_ms", number()), field("name", label(), 0), field("request_id", label(), 0),
				field("view", view(), 0), field("wait_for_screen", regex(), 1), field("settle_ms", number()),
				field("input_quiet_ms", number()), unknownField());
		Arbitrary<String> first = Arbitraries.frequencyOf(Tuple.of(6, field("cmd", cmd)),
				Tuple.of(2, field("argv", argv)), Tuple.of(1, Arbitraries.just("")));
		Arbitrary<String> json = Combinators.combine(first, field.list().ofMaxSize(6)).as((head, rest) -> {
			List<String> all = new ArrayList<>(rest);
			if (!head.isEmpty()) {
				all.add(0, head);
			}
			return "{" + String.join(",", all) + "}";
		});
		return Arbitraries.frequencyOf(Tuple.of(20, json), Tuple.of(3, rawBody()),
				Tuple.of(1, Arbitraries.just("{\"cmd\":\"true\",\"name\":" + q("x".repeat(1_100_000)) + "}")));
	}

	static String manyEnv(int n) {
		List<String> entries = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			entries.add("\"K" + i + "\":\"v\"");
		}
		return "{" + String.join(",", entries) + "}";
	}

	static Arbitrary<String> regex() {
		return Arbitraries.oneOf(Arbitraries.of(REGEXES).map(HostileInputs::q), jsonString());
	}

	/** Values of {@code view}: the two names, other cases, and the empty string. */
	static Arbitrary<String> view() {
		return Arbitraries.of("output", "screen", "SCREEN", "Screen", "", "text", "screen ").map(HostileInputs::q);
	}

	/**
	 * Values of {@code parts}: ordered parts, good and bad (empty, two fields, null,
	 * unknown keys, not objects), and not a list at all.
	 */
	static Arbitrary<String> parts(Arbitrary<String> chars, Arbitrary<String> b64, Arbitrary<String> keys) {
		Arbitrary<String> part = Arbitraries.frequencyOf(Tuple.of(3, field("chars", chars).map((f) -> "{" + f + "}")),
				Tuple.of(2, field("chars_b64", b64).map((f) -> "{" + f + "}")),
				Tuple.of(3, field("keys", keys).map((f) -> "{" + f + "}")),
				Tuple.of(1,
						Combinators.combine(field("chars", chars), field("keys", keys))
							.as((a, b) -> "{" + a + "," + b + "}")),
				Tuple.of(1, Arbitraries.of("{}", "null", "[]", "\"chars\"", "5", "{\"chars\":null}", "{\"keys\":[]}",
						"{\"chars\":\"a\",\"bogus\":1}")));
		return Arbitraries.frequencyOf(Tuple.of(6, array(part)), Tuple.of(1, scalar()), Tuple.of(1, object(scalar())));
	}

	static Arbitrary<String> truncation() {
		return Arbitraries.of("head_tail", "tail", "head", "HEAD", "middle", "", "head_tail ").map(HostileInputs::q);
	}

	static Arbitrary<String> label() {
		return Arbitraries
			.oneOf(text(5),
					Arbitraries.of("x".repeat(128), "x".repeat(129), "😀".repeat(64), "😀".repeat(65),
							"\uD800".repeat(10), "y".repeat(200)))
			.map(HostileInputs::q);
	}

	/** Bodies that are not a JSON object, or not valid JSON at all. */
	static Arbitrary<String> rawBody() {
		return Arbitraries.of("", " ", "not json", "{", "}", "[]", "[{\"cmd\":\"true\"}]", "null", "\"cmd\"", "123",
				"{\"cmd\":\"true\"", "{\"cmd\":\"true\"}}", "{'cmd':'true'}", "{\"cmd\":\"true\",}",
				"{\"cmd\":\"true\"}{\"cmd\":\"true\"}", "{\"cmd\":\"true\"} trailing", "\uFEFF{\"cmd\":\"true\"}",
				"{\"cmd\":\"true\",\"cmd\":\"echo x\"}", "[".repeat(5000), "{\"a\":".repeat(3000),
				"{\"cols\":" + "9".repeat(2000) + "}", "{\"cmd\":\"true\",\"name\":\"\u00ff\u00fe\"}", "\u0000",
				"{\"cmd\":\"true\"/*c*/}", "{cmd:true}", "{\"chars\":\"a\",\"chars\":null}");
	}

	/**
	 * Bodies of {@code POST /sessions/{id}/stdin}; always with a {@code yield_time_ms}.
	 */
	static Arbitrary<String> stdinBody() {
		Arbitrary<String> yield = Arbitraries.frequencyOf(
				Tuple.of(4, Arbitraries.longs().between(-1000, 50).map(String::valueOf)),
				Tuple.of(1, Arbitraries.longs().between(-1000, 50).map((n) -> q(String.valueOf(n)))),
				Tuple.of(2, Arbitraries.of("9223372036854775808", "-9223372036854775809", "1e300", "-1e300", "1e19",
						"0.5", "-0.0", "\"abc\"", "true", "null", "[]", "{}", "\"\"", "NaN", "1e2")));
		Arbitrary<String> b64 = Arbitraries.oneOf(
				Arbitraries
					.of("abc", "====", "a===", "YQ", "YQ==", "YQ==\n", " YQ== ", "Y Q==", "%%%", "-_-_", "YQ=",
							"YWJj\u0000", "ZGF0YQ==ZGF0YQ==", "😀", "")
					.map(HostileInputs::q),
				Arbitraries.bytes()
					.array(byte[].class)
					.ofMaxSize(12)
					.map((b) -> q(java.util.Base64.getEncoder().encodeToString(b))),
				jsonString());
		Arbitrary<String> keys = Arbitraries.frequencyOf(
				Tuple.of(4,
						Arbitraries.of(KEYS)
							.map(HostileInputs::q)
							.list()
							.ofMaxSize(4)
							.map((k) -> "[" + String.join(",", k) + "]")),
				Tuple.of(1, array(Arbitraries.oneOf(jsonString(), Arbitraries.just("null")))), Tuple.of(1, scalar()));
		Arbitrary<String> field = Arbitraries.oneOf(field("chars", text(6).map(HostileInputs::q), 0),
				field("chars_b64", b64), field("keys", keys),
				field("eof",
						Arbitraries.of("false", "true", "\"true\"", "\"false\"", "1", "0", "\"yes\"", "\"\"", "[true]",
								"1.0"),
						1),
				field("wait_for", regex(), 0), field("max_output_bytes", number()),
				field("truncation", truncation(), 0), field("strip_ansi", Arbitraries.of("true", "false"), 0),
				field("request_id", label(), 0), field("parts", parts(text(6).map(HostileInputs::q), b64, keys), 0),
				field("view", view(), 0), field("wait_for_screen", regex(), 0), field("settle_ms", number()),
				field("input_quiet_ms", number()), unknownField());
		Arbitrary<String> json = Combinators.combine(field("yield_time_ms", yield), field.list().ofMaxSize(4))
			.as((first, rest) -> {
				List<String> all = new ArrayList<>(rest);
				all.add(0, first);
				return "{" + String.join(",", all) + "}";
			});
		return Arbitraries.frequencyOf(Tuple.of(12, json), Tuple.of(1, rawBody()));
	}

	static Arbitrary<String> signalBody() {
		Arbitrary<String> signal = Arbitraries.oneOf(Arbitraries.of(SIGNALS).map(HostileInputs::q), number(),
				Arbitraries.of("true", "null", "[]", "{}", "[2]", "2.0", "2"), jsonString());
		return Arbitraries.frequencyOf(Tuple.of(8, fields(field("signal", signal), 1)),
				Tuple.of(2, fields(Arbitraries.oneOf(field("signal", signal), unknownField()), 3)),
				Tuple.of(1, rawBody()));
	}

	static Arbitrary<String> resizeBody() {
		return fields(Arbitraries.oneOf(field("cols", number()), field("rows", number()), field("cols", value(1)),
				field("rows", value(1)), unknownField()), 3);
	}

	static Arbitrary<String> patchBody() {
		return Arbitraries.frequencyOf(Tuple.of(8, fields(Arbitraries.oneOf(field("name", label(), 1),
				field("max_runtime_ms", number()), field("idle_timeout_ms", number()), unknownField()), 3)),
				Tuple.of(1, rawBody()));
	}

	/**
	 * Session ids: traversal, encoded and raw odd bytes, huge, near-misses of the victim.
	 */
	static Arbitrary<String> sessionId(String victim) {
		return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(victim)),
				Tuple.of(3,
						Arbitraries.of(victim + "x", victim + "%2F..", victim + ".", victim + "%00", victim + ";a=b",
								victim.substring(1), "%" + Integer.toHexString(victim.charAt(0)) + victim.substring(1),
								victim + "/", victim.toUpperCase(Locale.ROOT), victim + "%20")),
				Tuple.of(4,
						Arbitraries.of("..", "..%2F..", "%2e%2e", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "%00", "a%00b",
								"x".repeat(5000), "x".repeat(20_000), "%C3%A9", "é", "%FF", "%", "%zz", ";",
								";jsessionid=1", "a;b", " ", "%20", "+", "~", "*", "CON", "\\", "%5C", "..\\..",
								"%u2215", "%E2%80%AE", "\u202E", "a|b", "{x}", "a\"b", "<x>", "`", "^", "%25", "%252F",
								".%2E", "#x", "?", "%3F", "a%0Ab", "%0D%0A")),
				Tuple.of(2, Arbitraries.strings().withCharRange('-', 'z').ofLength(21)),
				Tuple.of(1, Arbitraries.strings().all().ofMaxLength(6)));
	}

	static Arbitrary<List<String>> queryParams() {
		Arbitrary<String> name = Arbitraries.of("offset", "max_bytes", "wait_ms", "encoding", "wait_for", "strip_ansi",
				"status", "grace_ms", "signal", "length", "conversation_id", "access_token", "xyz", "", "offset[]",
				"Offset", "view", "wait_for_screen", "settle_ms", "input_quiet_ms", "scrollback", "format", "stream");
		Arbitrary<String> anyValue = Arbitraries.oneOf(Arbitraries.of(NUMBERS),
				Arbitraries.of("utf8", "base64", "UTF8", "running", "exited", "SIGKILL", "KILL", "9", "true", "yes", "",
						"(", "[", "a{99999}", "-1", "hostile-scratch", "screen", "output", "SCREEN", "text", "TEXT",
						"json", "stdout", "stderr", "pty"),
				text(3), Arbitraries.of(REGEXES));
		Arbitrary<String> param = Combinators
			.combine(name, anyValue, Arbitraries.of(SAFE_WAITS), Arbitraries.integers().between(0, 9))
			.as((n, v, w, raw) -> {
				String value = n.equals("wait_ms") ? w : v;
				String encoded = (raw == 0) ? value : java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
				return (raw == 1) ? n : n + "=" + encoded;
			});
		return param.list().ofMaxSize(4);
	}

	/** Whether a request that reaches the victim could end, stop, block or slow it. */
	static boolean harmful(JsonMapper json, HostileInputPropertiesTests.Request request) {
		String decoded = HostileHttp.percentDecoded(request.target());
		String target = (decoded != null) ? decoded : request.target();
		if (request.method().equals("DELETE") || target.contains("stream") || foreignCharset(request.contentType())) {
			return true;
		}
		if (request.body() != null && request.method().equals("POST") && target.contains("signal")) {
			SignalMirror mirror = mirror(json, request.body(), SignalMirror.class);
			return mirror != null && Signals.parse(mirror.signal()).isPresent();
		}
		if (request.body() != null && request.method().equals("PATCH")) {
			PatchMirror mirror = mirror(json, request.body(), PatchMirror.class);
			return mirror != null && (shortTime(mirror.maxRuntimeMs()) || shortTime(mirror.idleTimeoutMs()));
		}
		return false;
	}

	/**
	 * Whether a stdin body is harmless to the victim: no EOF, no Ctrl-C or Ctrl-\ typed,
	 * and a wait of at most 50 ms (so that the property stays fast).
	 */
	static boolean harmlessStdin(JsonMapper json, String body, String contentType) {
		if (foreignCharset(contentType) || body.isBlank()) {
			return false;
		}
		StdinMirror m;
		try {
			m = json.readValue(body.getBytes(StandardCharsets.UTF_8), StdinMirror.class);
		}
		catch (JacksonException ex) {
			return true;
		}
		if (m == null || Boolean.TRUE.equals(m.eof())) {
			return false;
		}
		boolean writes = m.chars() != null || m.charsB64() != null || m.keys() != null || m.parts() != null;
		long wait = (m.yieldTimeMs() != null) ? m.yieldTimeMs() : (writes ? 250 : 5000);
		if (wait > 50 || signals(m.chars(), m.keys())) {
			return false;
		}
		return m.parts() == null
				|| m.parts().stream().noneMatch((part) -> part != null && signals(part.chars(), part.keys()));
	}

	/** Whether text or keys would deliver Ctrl-C or Ctrl-\ as a signal on a pipe. */
	private static boolean signals(String chars, List<String> keys) {
		if (chars != null && signalling(InputDecoder.decode(chars))) {
			return true;
		}
		return keys != null && keys.stream()
			.anyMatch((key) -> key != null && Keys.isKnown(key) && signalling(Keys.bytes(key, false, false)));
	}

	private static boolean foreignCharset(String contentType) {
		String lower = (contentType != null) ? contentType.toLowerCase(Locale.ROOT) : "";
		return lower.contains("charset") && !lower.contains("utf-8");
	}

	private static boolean shortTime(Long ms) {
		return ms != null && ms > 0 && ms < 3_600_000;
	}

	private static boolean signalling(byte[] bytes) {
		for (byte b : bytes) {
			if (b == 0x03 || b == 0x1c) {
				return true;
			}
		}
		return false;
	}

	/** The body read as the server reads it (its mapper, the same shape), or null. */
	private static <T> T mirror(JsonMapper json, String body, Class<T> type) {
		try {
			return json.readValue(body.getBytes(StandardCharsets.UTF_8), type);
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	public record StdinMirror(String chars, String charsB64, List<String> keys, List<PartMirror> parts, Boolean eof,
			Long yieldTimeMs, String waitFor, String waitForScreen, Long settleMs, Long inputQuietMs,
			Long maxOutputBytes, String truncation, Boolean stripAnsi, String requestId, String view) {

	}

	public record PartMirror(String chars, String charsB64, List<String> keys) {

	}

	public record SignalMirror(Object signal) {

	}

	public record PatchMirror(String name, Long maxRuntimeMs, Long idleTimeoutMs) {

	}

}
