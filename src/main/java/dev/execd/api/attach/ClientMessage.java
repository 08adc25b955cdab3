package dev.execd.api.attach;

import java.util.ArrayList;
import java.util.List;

import dev.execd.api.ApiException;
import dev.execd.api.InputPart;
import dev.execd.api.ResizeRequest;
import dev.execd.api.SignalRequest;
import dev.execd.session.Input;
import dev.execd.session.Session;
import org.jspecify.annotations.Nullable;

/**
 * A text frame from the client: {@code input} (the fields of {@code POST /stdin}:
 * {@code chars}, {@code chars_b64}, {@code keys}, {@code eof}), {@code resize}
 * ({@code cols}, {@code rows}) or {@code signal} ({@code signal}). Fields of another type
 * are ignored; fields no type has are refused by the strict mapper.
 *
 * @param type what the message asks
 * @param chars text with C-style escapes
 * @param charsB64 exact bytes, base64
 * @param keys key names
 * @param eof end of input after the rest
 * @param cols terminal width
 * @param rows terminal height
 * @param signal a signal name or number
 */
record ClientMessage(@Nullable String type, @Nullable String chars, @Nullable String charsB64,
		@Nullable List<String> keys, @Nullable Boolean eof, @Nullable Integer cols, @Nullable Integer rows,
		@Nullable Object signal) {

	/**
	 * Does what the message asks; nothing happens when it is refused.
	 * @throws ApiException when it is malformed
	 * @throws dev.execd.session.SessionException when the session refuses it
	 */
	void apply(Session session) {
		switch ((this.type != null) ? this.type : "") {
			case "input" -> {
				List<Input> inputs = new ArrayList<>(new InputPart(this.chars, this.charsB64, this.keys).typed());
				if (Boolean.TRUE.equals(this.eof)) {
					inputs.add(new Input.Eof());
				}
				if (inputs.isEmpty()) {
					throw ApiException.invalid("an input message needs chars, chars_b64, keys or eof");
				}
				session.type(inputs, null);
			}
			case "resize" -> {
				ResizeRequest size = new ResizeRequest(this.cols, this.rows);
				session.resize(size.checkedCols(), size.checkedRows());
			}
			case "signal" -> session.signal(new SignalRequest(this.signal).number());
			default -> throw ApiException.invalid("type must be one of input, resize and signal");
		}
	}

}
