package dev.execd.api;

import dev.execd.process.Signals;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/signal}: a name ({@code SIGINT}, {@code INT},
 * {@code int}) or a number ({@code 10} or {@code "10"}).
 */
record SignalRequest(@Nullable Object signal) {

	Signals.Signal parsed() {
		return Signals.parse(this.signal).orElseThrow(() -> ApiException.unknownSignal(this.signal));
	}

}
