package dev.execd.config;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;

/**
 * The names of execd's properties, read off the {@link ExecdProperties} records, to
 * suggest the one a name that sets nothing was meant to be. A map's name ends in
 * {@code .*} here, standing for its key.
 */
final class SettingNames {

	private static final List<String> NAMES = names();

	private SettingNames() {
	}

	/**
	 * The property {@code name} was most likely meant to be, with its key when it is a
	 * map's entry; {@code null} when no name is close. Names compare without their dots
	 * and dashes, since those are what the environment's form loses.
	 */
	static @Nullable String closest(ConfigurationPropertyName name) {
		String written = squashed(name.toString());
		for (String known : NAMES) {
			if (known.endsWith(".*")) {
				String map = known.substring(0, known.length() - 2);
				String prefix = squashed(map);
				for (int i = 1; i < name.getNumberOfElements(); i++) {
					if (squashed(name.chop(i).toString()).equals(prefix)) {
						return map + "." + name.toString().substring(name.chop(i).toString().length() + 1);
					}
				}
			}
		}
		String best = null;
		int bestDistance = Integer.MAX_VALUE;
		for (String known : NAMES) {
			int distance = distance(written, squashed(known.replace(".*", "")));
			if (distance < bestDistance) {
				best = known.replace(".*", ".<key>");
				bestDistance = distance;
			}
		}
		return (bestDistance <= Math.max(2, written.length() / 4)) ? best : null;
	}

	/**
	 * {@code execd.files.tenant-roots.alice} as {@code EXECD_FILES_TENANTROOTS_ALICE}.
	 */
	static String environmentForm(String property) {
		return property.replace("-", "").replace('.', '_').toUpperCase(Locale.ROOT);
	}

	private static String squashed(String name) {
		return name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
	}

	/** Levenshtein's: a letter left out, added or changed counts one. */
	private static int distance(String a, String b) {
		int[] row = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			row[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			int diagonal = row[0];
			row[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int above = row[j];
				int change = diagonal + ((a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1);
				row[j] = Math.min(change, Math.min(above, row[j - 1]) + 1);
				diagonal = above;
			}
		}
		return row[b.length()];
	}

	private static List<String> names() {
		List<String> names = new ArrayList<>();
		collect("execd", ExecdProperties.class, names);
		for (RecordComponent component : WebhookSubscriptions.Subscription.class.getRecordComponents()) {
			names.add("execd.webhooks.*." + dashed(component.getName()));
		}
		return List.copyOf(names);
	}

	private static void collect(String prefix, Class<?> type, List<String> names) {
		for (RecordComponent component : type.getRecordComponents()) {
			String name = prefix + "." + dashed(component.getName());
			Type generic = component.getGenericType();
			if (component.getType().isRecord()) {
				collect(name, component.getType(), names);
			}
			else if (generic instanceof ParameterizedType map && map.getRawType() == Map.class) {
				names.add(name + ".*");
			}
			else {
				names.add(name);
			}
		}
	}

	private static String dashed(String camel) {
		return camel.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
	}

}
