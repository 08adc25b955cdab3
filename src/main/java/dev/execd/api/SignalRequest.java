package dev.execd.api;

import dev.execd.session.SignalNames;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/signal}: a name ({@code SIGINT}, {@code INT},
 * {@code int}) or a number ({@code 10} or {@code "10"}).
 */
@Schema(description = "The signal to send.")
public record SignalRequest(@Schema(description = """
		A signal name, with or without `SIG`, in any case (`SIGINT`, `INT`, `int`), or its \
		number (`2` or `"2"`). Unknown → 400 `unknown_signal`. Common: `SIGINT` (what Ctrl-C \
		sends), `SIGTERM` (ask to stop), `SIGKILL` (cannot be caught), `SIGHUP`, `SIGQUIT`, \
		`SIGTSTP`, `SIGCONT`, `SIGUSR1`, `SIGUSR2`, `SIGWINCH`.""", oneOf = {
		String.class, Integer.class }, requiredMode = Schema.RequiredMode.REQUIRED,
		example = "SIGINT") @Nullable Object signal){

	public int number() {
		return SignalNames.number(this.signal).orElseThrow(() -> ApiException.unknownSignal(this.signal));
	}

}
