package dev.execd.session;

import java.io.IOException;

import dev.execd.process.SpawnException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failed spawn becomes the refusal its errno calls for, whichever form the JDK gave the
 * errno in; an errno without a rule of its own is a spawn failure with the OS's words.
 */
class SpawnRefusalsTests {

	@Test
	void mapsEachErrnoToItsRefusal() {
		assertThat(refusal("Cannot run program \"env\": error=2, No such file or directory"))
			.isInstanceOf(SessionException.CommandNotFound.class);
		assertThat(refusal("Cannot run program \"env\": error=13, Permission denied"))
			.isInstanceOf(SessionException.CommandNotFound.class);
		assertThat(refusal("Cannot run program \"env\": error=7, Argument list too long"))
			.isInstanceOf(SessionException.CommandTooLong.class);
		assertThat(refusal("Cannot run program \"env\": error: 24 (Too many open files)"))
			.isInstanceOf(SessionException.ResourcesExhausted.class);
		assertThat(refusal("Cannot run program \"env\": error=11, Resource temporarily unavailable"))
			.isInstanceOf(SessionException.ResourcesExhausted.class);
	}

	@Test
	void anyOtherErrnoIsASpawnFailureThatSaysWhy() {
		SessionException refusal = refusal("Cannot run program \"env\": error=8, Exec format error");
		assertThat(refusal).isInstanceOf(SessionException.SpawnFailed.class);
		assertThat(refusal.getMessage()).contains("Exec format error");
	}

	private static SessionException refusal(String jdkMessage) {
		return SpawnRefusals.of(SpawnException.of(new IOException(jdkMessage)), "/bin/bash");
	}

}
