package dev.execd;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The commands of README.md's curl tour with the output shown under each: a line starting
 * with {@code $ } is a command (continued while it ends with a backslash or a single
 * quote is open), the lines up to the next command its output.
 */
final class ReadmeTour {

	/** Values that differ from run to run, never compared. */
	private static final Set<String> VARYING = Set.of("session_id", "wall_time_ms", "pid", "started_at", "ended_at",
			"last_activity_at", "last_output_at", "idle_ms", "log_url", "stream_url");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Pattern BLOCK = Pattern.compile("```\n(.*?)```", Pattern.DOTALL);

	record Step(String command, String expected) {

	}

	private ReadmeTour() {
	}

	/** The steps of the section {@code ## A tour with curl}, in order. */
	static List<Step> steps(String readme) {
		int start = readme.indexOf("## A tour with curl");
		int end = readme.indexOf("\n## ", start + 5);
		List<Step> steps = new ArrayList<>();
		Matcher block = BLOCK.matcher(readme.substring(start, end));
		while (block.find()) {
			String[] lines = block.group(1).split("\n", -1);
			int i = 0;
			while (i < lines.length) {
				if (!lines[i].startsWith("$ ")) {
					i++;
					continue;
				}
				StringBuilder command = new StringBuilder(lines[i].substring(2));
				while (command.toString().endsWith("\\") || count(command, '\'') % 2 == 1) {
					command.append('\n').append(lines[++i]);
				}
				StringBuilder output = new StringBuilder();
				for (i++; i < lines.length && !lines[i].startsWith("$ "); i++) {
					output.append(lines[i]).append('\n');
				}
				steps.add(new Step(command.toString(), output.toString().strip()));
			}
		}
		return steps;
	}

	/**
	 * Why {@code actual} is not what the README shows, or null when it is. JSON is
	 * compared by keys and values (the {@link #VARYING} ones and {@code "..."} not); text
	 * line by line, {@code ...} standing for anything.
	 */
	static String mismatch(String expected, String actual) {
		if (expected.isEmpty()) {
			return null;
		}
		List<JsonNode> shown = json(List.of(expected.replace("\n", "")));
		if (shown == null) {
			shown = json(List.of(expected.split("\n")));
		}
		if (shown != null) {
			List<JsonNode> got = json(List.of(actual.strip().split("\n")));
			if (got == null || got.size() != shown.size()) {
				return "expected " + shown.size() + " JSON values, got: " + actual;
			}
			for (int k = 0; k < shown.size(); k++) {
				String why = compare("", shown.get(k), got.get(k));
				if (why != null) {
					return why + " in " + got.get(k);
				}
			}
			return null;
		}
		String[] want = expected.split("\n");
		String[] got = actual.strip().split("\n");
		if (want.length != got.length) {
			return "expected " + want.length + " lines, got " + got.length + ": " + actual;
		}
		for (int k = 0; k < want.length; k++) {
			String pattern = "\\Q" + want[k].stripTrailing().replace("...", "\\E.*?\\Q") + "\\E";
			if (!got[k].stripTrailing().matches(pattern)) {
				return "line " + (k + 1) + ": expected " + want[k] + ", got " + got[k];
			}
		}
		return null;
	}

	private static String compare(String path, JsonNode want, JsonNode got) {
		if (want.isString() && want.asString().equals("...")) {
			return null;
		}
		if (want.isObject() && got.isObject()) {
			if (!want.propertyNames().equals(got.propertyNames())) {
				return path + ": keys " + want.propertyNames() + " but " + got.propertyNames();
			}
			Iterator<Map.Entry<String, JsonNode>> fields = want.properties().iterator();
			while (fields.hasNext()) {
				Map.Entry<String, JsonNode> field = fields.next();
				if (!VARYING.contains(field.getKey())) {
					String why = compare(path + "." + field.getKey(), field.getValue(), got.get(field.getKey()));
					if (why != null) {
						return why;
					}
				}
			}
			return null;
		}
		return want.equals(got) ? null : path + ": expected " + want + " but " + got;
	}

	private static List<JsonNode> json(List<String> texts) {
		List<JsonNode> values = new ArrayList<>();
		for (String text : texts) {
			if (!text.strip().startsWith("{")) {
				return null;
			}
			try {
				values.add(JSON.readTree(text));
			}
			catch (RuntimeException ex) {
				return null;
			}
		}
		return values;
	}

	private static int count(CharSequence text, char c) {
		return (int) text.chars().filter((ch) -> ch == c).count();
	}

}
