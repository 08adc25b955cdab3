package dev.execd.process;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What counts as waiting for input, with real processes on real terminals and pipes: each
 * script prints {@code ready} once it has reached the state under test.
 */
class InputWaitsTests {

	@ParameterizedTest(name = "{0} on a terminal: {1}")
	@CsvSource(delimiter = '¦',
			textBlock = """
					read builtin                 ¦ true  ¦ echo ready; read x
					python input()               ¦ true  ¦ echo ready; exec python3 -c 'input("Continue? [y/N] ")'
					cat                          ¦ true  ¦ echo ready; exec cat
					python poll()                ¦ true  ¦ echo ready; exec python3 -c 'import select; p = select.poll(); p.register(0, select.POLLIN); p.poll()'
					python epoll                 ¦ true  ¦ echo ready; exec python3 -c 'import select; e = select.epoll(); e.register(0, select.EPOLLIN); e.poll()'
					python select                ¦ true  ¦ echo ready; exec python3 -c 'import select; select.select([0], [], [])'
					bash at its prompt           ¦ true  ¦ echo ready; exec bash --norc --noprofile -i
					vim                          ¦ true  ¦ echo ready; exec vim -u NONE -N -n
					sleep                        ¦ false ¦ echo ready; exec sleep 30
					busy loop                    ¦ false ¦ echo ready; while :; do :; done
					blocked accept               ¦ false ¦ exec python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(); print("ready", flush=True); s.accept()'
					read of another pipe         ¦ false ¦ exec python3 -c 'import os; r, w = os.pipe(); print("ready", flush=True); os.read(r, 1)'
					select on another pipe       ¦ false ¦ exec python3 -c 'import os, select; r, w = os.pipe(); print("ready", flush=True); select.select([r], [], [])'
					sleep while a background job selects the terminal ¦ false ¦ python3 -c 'import os, select; os.setpgid(0, 0); print("ready", flush=True); select.select([0], [], [])' </dev/tty & sleep 30
					cat while a busy loop runs   ¦ false ¦ cat | (echo ready; while :; do :; done)
					""")
	void onATerminal(String name, boolean counts, String script) throws Exception {
		check(true, counts, script);
	}

	@ParameterizedTest(name = "{0} on a pipe: {1}")
	@CsvSource(delimiter = '¦',
			textBlock = """
					read builtin                 ¦ true  ¦ echo ready; read x
					python input()               ¦ true  ¦ echo ready; exec python3 -c 'input("Continue? [y/N] ")'
					cat                          ¦ true  ¦ echo ready; exec cat
					a shell waiting for its reader ¦ true  ¦ echo ready; cat; echo done
					python epoll                 ¦ true  ¦ echo ready; exec python3 -c 'import select; e = select.epoll(); e.register(0, select.EPOLLIN); e.poll()'
					sleep                        ¦ false ¦ echo ready; exec sleep 30
					busy loop                    ¦ false ¦ echo ready; while :; do :; done
					blocked accept               ¦ false ¦ exec python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(); print("ready", flush=True); s.accept()'
					read of another pipe         ¦ false ¦ exec python3 -c 'import os; r, w = os.pipe(); print("ready", flush=True); os.read(r, 1)'
					sleep while a background job has the input ¦ false ¦ cat & sleep 0.2; echo ready; exec sleep 30
					""")
	void onAPipe(String name, boolean counts, String script) throws Exception {
		check(false, counts, script);
	}

	@Test
	void aTerminalIsNamedFromItsDeviceNumber() {
		// tty_nr packs the major in bits 8-19 and the minor in bits 0-7 and 20-31.
		assertThat(InputWaits.terminal((136 << 8) | 3)).isEqualTo("/dev/pts/3");
		assertThat(InputWaits.terminal((137 << 8) | 4)).isEqualTo("/dev/pts/260");
		assertThat(InputWaits.terminal((136 << 8) | (1 << 20))).isEqualTo("/dev/pts/256");
		assertThat(InputWaits.terminal((4 << 8) | 1)).as("a virtual console").isNull();
		assertThat(InputWaits.terminal(0)).as("no terminal").isNull();
	}

	private static void check(boolean tty, boolean counts, String script) throws Exception {
		Map<String, String> env = new HashMap<>();
		env.put("PATH", System.getenv("PATH"));
		env.put("TERM", "xterm-256color");
		env.put("HOME", System.getProperty("java.io.tmpdir"));
		Child child = Launcher.start(new LaunchSpec(List.of("bash", "-c", script), Path.of("/"), env, tty, 80, 24));
		ByteArrayOutputStream output = new ByteArrayOutputStream();
		child.outputs().forEach((source) -> Poller.read(source, new OutputReceiver() {

			@Override
			public void received(byte[] b, int length) {
				synchronized (output) {
					output.write(b, 0, length);
				}
			}

			@Override
			public void ended() {
			}

		}));
		try {
			InputWaits waits = InputWaits.of(child.pid(), tty).orElseThrow();
			await().atMost(Duration.ofSeconds(20)).until(() -> text(output).contains("ready"));
			assertThat(waits.stdin()).startsWith(tty ? "/dev/pts/" : "pipe:[");
			if (counts) {
				await().atMost(Duration.ofSeconds(20)).until(waits::blocked);
			}
			else {
				// Past its start: whatever it does next, it does for good.
				Thread.sleep(300);
				for (int i = 0; i < 20; i++) {
					assertThat(waits.blocked()).as("check %d, output %s", i, text(output)).isFalse();
					Thread.sleep(25);
				}
			}
		}
		finally {
			Terminator.terminate(child.pid(), tty, Signals.SIGKILL, Duration.ofSeconds(5));
			child.release();
		}
	}

	private static String text(ByteArrayOutputStream output) {
		synchronized (output) {
			return output.toString(StandardCharsets.UTF_8);
		}
	}

}
