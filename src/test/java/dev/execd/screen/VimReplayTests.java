package dev.execd.screen;

import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real session of vim (captured from a PTY at 40x8: start, type, {@code :wq}, then
 * {@code echo vim-done}) fed in two pieces, split at every offset: wherever a read of the
 * terminal ends, the screen after the last byte is the same.
 */
class VimReplayTests {

	@Test
	void everySplitOfAVimSessionEndsOnThePrimaryScreen() throws IOException {
		byte[] session = session();
		Grid whole = fed(session, session.length).grid(0);
		assertThat(whole.altScreen()).isFalse();
		assertThat(whole.lines()).contains("before vim", "vim-done");
		for (int split = 1; split < session.length; split++) {
			Grid grid = fed(session, split).grid(0);
			assertThat(grid.altScreen()).as("split at %d", split).isFalse();
			assertThat(grid.lines()).as("split at %d", split).isEqualTo(whole.lines());
		}
	}

	@Test
	void aVimSessionFedByteByByteEndsOnThePrimaryScreen() throws IOException {
		byte[] session = session();
		Emulator emulator = Emulators.create(40, 8, 100);
		for (int i = 0; i < session.length; i++) {
			emulator.feed(session, i, 1);
		}
		assertThat(emulator.grid(0).altScreen()).isFalse();
		assertThat(emulator.grid(0).lines()).isEqualTo(fed(session, session.length).grid(0).lines());
	}

	private static Emulator fed(byte[] bytes, int split) {
		Emulator emulator = Emulators.create(40, 8, 100);
		emulator.feed(bytes, 0, split);
		emulator.feed(bytes, split, bytes.length - split);
		return emulator;
	}

	private static byte[] session() throws IOException {
		try (InputStream in = VimReplayTests.class.getResourceAsStream("/screen/vim-session.bin")) {
			assertThat(in).isNotNull();
			return in.readAllBytes();
		}
	}

}
