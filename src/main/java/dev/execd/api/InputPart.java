package dev.execd.api;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import dev.execd.session.Input;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * One element of {@code parts} in {@code POST /sessions/{id}/stdin}: exactly one of the
 * three input fields. Each part keeps its own meaning, so a {@code chars} part may still
 * deliver Ctrl-C as SIGINT next to a {@code chars_b64} part that never does.
 */
@Schema(description = "One part of an ordered input: exactly one of `chars`, `chars_b64` and `keys`, "
		+ "each meaning what it means at the top level of the body.")
public record InputPart(
		@Schema(description = "Text with C-style escapes, as the top-level `chars`.",
				example = "a EDITED") @Nullable String chars,
		@Schema(description = "Exact bytes, base64-encoded, as the top-level `chars_b64`.", format = "byte",
				example = "G1tB") @Nullable String charsB64,
		@Schema(description = "Key names or single characters, as the top-level `keys`.",
				example = "[\"Escape\"]") @Nullable List<String> keys) {

	/** Checks each part, then the rule that parts come alone. */
	static void validate(@Nullable List<InputPart> parts, boolean topLevelInput) {
		if (parts == null) {
			return;
		}
		if (topLevelInput) {
			throw ApiException.invalid("give either parts or chars, chars_b64 and keys, not both");
		}
		for (int i = 0; i < parts.size(); i++) {
			InputPart part = parts.get(i);
			int given = (part == null) ? 0 : ((part.chars != null) ? 1 : 0) + ((part.charsB64 != null) ? 1 : 0)
					+ ((part.keys != null) ? 1 : 0);
			if (given != 1) {
				throw ApiException.invalid("parts[" + i + "] must have exactly one of chars, chars_b64 and keys");
			}
			validateKeys(part.keys);
		}
	}

	/**
	 * Refuses a key that is neither a name nor a single character; nothing is written.
	 */
	static void validateKeys(@Nullable List<String> keys) {
		if (keys != null) {
			for (String key : keys) {
				if (key == null || !Input.Keys.isKnown(key)) {
					throw ApiException.unknownKey(String.valueOf(key));
				}
			}
		}
	}

	/**
	 * The input of the given fields in the order chars, chars_b64, keys (absent ones
	 * skipped).
	 * @throws ApiException with {@code invalid_base64} when {@code chars_b64} is
	 * malformed
	 */
	static List<Input> inputs(@Nullable String chars, @Nullable String charsB64, @Nullable List<String> keys) {
		List<Input> inputs = new ArrayList<>(3);
		if (chars != null) {
			inputs.add(new Input.Text(chars));
		}
		if (charsB64 != null) {
			try {
				inputs.add(new Input.Bytes(Base64.getDecoder().decode(charsB64.strip())));
			}
			catch (IllegalArgumentException ex) {
				throw ApiException.invalidBase64("chars_b64 is not valid base64");
			}
		}
		if (keys != null) {
			inputs.add(new Input.Keys(keys));
		}
		return inputs;
	}

	/**
	 * The input of one part given on its own (an {@code input} message of the attach
	 * channel): any of the three fields, in the order chars, chars_b64, keys.
	 * @throws ApiException with {@code unknown_key} or {@code invalid_base64}
	 */
	public List<Input> typed() {
		validateKeys(this.keys);
		return inputs(this.chars, this.charsB64, this.keys);
	}

	/** The parts' input, in order. */
	static List<Input> inputs(List<InputPart> parts) {
		List<Input> inputs = new ArrayList<>(parts.size());
		parts.forEach((part) -> inputs.addAll(inputs(part.chars, part.charsB64, part.keys)));
		return inputs;
	}

}
