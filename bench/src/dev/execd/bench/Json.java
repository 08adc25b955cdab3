package dev.execd.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON for the driver, which depends on the JDK alone: parsing responses into
 * maps, lists, strings, numbers (as {@link BigDecimal}), booleans and null, and writing
 * the same kinds back (results files).
 */
final class Json {

	private final String text;

	private int at;

	private Json(String text) {
		this.text = text;
	}

	static Object parse(String text) {
		Json json = new Json(text);
		json.space();
		Object value = json.value();
		json.space();
		if (json.at != text.length()) {
			throw json.error("trailing characters");
		}
		return value;
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> object(String text) {
		return (Map<String, Object>) parse(text);
	}

	private Object value() {
		char c = peek();
		return switch (c) {
			case '{' -> object();
			case '[' -> array();
			case '"' -> string();
			case 't' -> literal("true", Boolean.TRUE);
			case 'f' -> literal("false", Boolean.FALSE);
			case 'n' -> literal("null", null);
			default -> number();
		};
	}

	private Map<String, Object> object() {
		Map<String, Object> map = new LinkedHashMap<>();
		this.at++;
		space();
		if (peek() == '}') {
			this.at++;
			return map;
		}
		while (true) {
			space();
			String key = string();
			space();
			expect(':');
			space();
			map.put(key, value());
			space();
			if (peek() == ',') {
				this.at++;
				continue;
			}
			expect('}');
			return map;
		}
	}

	private List<Object> array() {
		List<Object> list = new ArrayList<>();
		this.at++;
		space();
		if (peek() == ']') {
			this.at++;
			return list;
		}
		while (true) {
			space();
			list.add(value());
			space();
			if (peek() == ',') {
				this.at++;
				continue;
			}
			expect(']');
			return list;
		}
	}

	private String string() {
		expect('"');
		StringBuilder out = new StringBuilder();
		while (true) {
			char c = this.text.charAt(this.at++);
			if (c == '"') {
				return out.toString();
			}
			if (c != '\\') {
				out.append(c);
				continue;
			}
			char e = this.text.charAt(this.at++);
			switch (e) {
				case 'n' -> out.append('\n');
				case 'r' -> out.append('\r');
				case 't' -> out.append('\t');
				case 'b' -> out.append('\b');
				case 'f' -> out.append('\f');
				case 'u' -> {
					out.append((char) Integer.parseInt(this.text.substring(this.at, this.at + 4), 16));
					this.at += 4;
				}
				default -> out.append(e);
			}
		}
	}

	private BigDecimal number() {
		int start = this.at;
		while (this.at < this.text.length() && "+-0123456789.eE".indexOf(this.text.charAt(this.at)) >= 0) {
			this.at++;
		}
		if (start == this.at) {
			throw error("unexpected character");
		}
		return new BigDecimal(this.text.substring(start, this.at));
	}

	private Object literal(String word, Object value) {
		if (!this.text.startsWith(word, this.at)) {
			throw error("expected " + word);
		}
		this.at += word.length();
		return value;
	}

	private char peek() {
		if (this.at >= this.text.length()) {
			throw error("unexpected end");
		}
		return this.text.charAt(this.at);
	}

	private void expect(char c) {
		if (peek() != c) {
			throw error("expected '" + c + "'");
		}
		this.at++;
	}

	private void space() {
		while (this.at < this.text.length() && Character.isWhitespace(this.text.charAt(this.at))) {
			this.at++;
		}
	}

	private IllegalArgumentException error(String what) {
		String near = this.text.substring(Math.max(0, this.at - 20), Math.min(this.text.length(), this.at + 20));
		return new IllegalArgumentException("JSON: " + what + " at " + this.at + " near '" + near + "'");
	}

	/** Writes maps, lists, strings, numbers, booleans and null, indented. */
	static String write(Object value) {
		StringBuilder out = new StringBuilder();
		write(value, out, "");
		return out.append('\n').toString();
	}

	private static void write(Object value, StringBuilder out, String indent) {
		if (value instanceof Map<?, ?> map) {
			if (map.isEmpty()) {
				out.append("{}");
				return;
			}
			out.append("{\n");
			int i = 0;
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				out.append(indent).append("  ");
				quote(String.valueOf(entry.getKey()), out);
				out.append(": ");
				write(entry.getValue(), out, indent + "  ");
				out.append((++i < map.size()) ? ",\n" : "\n");
			}
			out.append(indent).append('}');
		}
		else if (value instanceof List<?> list) {
			boolean flat = list.stream().noneMatch((v) -> v instanceof Map || v instanceof List);
			if (flat) {
				out.append('[');
				for (int i = 0; i < list.size(); i++) {
					write(list.get(i), out, indent);
					out.append((i + 1 < list.size()) ? ", " : "");
				}
				out.append(']');
				return;
			}
			out.append("[\n");
			for (int i = 0; i < list.size(); i++) {
				out.append(indent).append("  ");
				write(list.get(i), out, indent + "  ");
				out.append((i + 1 < list.size()) ? ",\n" : "\n");
			}
			out.append(indent).append(']');
		}
		else if (value instanceof String s) {
			quote(s, out);
		}
		else if (value instanceof Double d) {
			out.append(d.isNaN() || d.isInfinite() ? "null" : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString());
		}
		else {
			out.append(value);
		}
	}

	static String quote(String s) {
		StringBuilder out = new StringBuilder(s.length() + 2);
		quote(s, out);
		return out.toString();
	}

	private static void quote(String s, StringBuilder out) {
		out.append('"');
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> {
					if (c < 0x20) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		out.append('"');
	}

}
