package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a terminal session holds open in the server: its log and the terminal's master,
 * read and written through one descriptor; its exit costs none (no pidfd). The server's
 * descriptors are matched to the session (the log's name, a pidfd's pid, the master's
 * terminal), so other sessions of the same server do not count. The log is counted while
 * in use (just typed into, far within {@code execd.output.log-idle-close});
 * {@link LogIdleCloseTests} sees it closed when idle and opened once again.
 */
class PtySessionDescriptorsTests extends EndToEndTest {

	@Test
	void aTerminalSessionTypedIntoHoldsTwoDescriptors() throws IOException {
		for (int i = 0; i < 4; i++) {
			JsonNode started = start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 100));
			String id = id(started);
			typeInto(id);
			long pid = started.get("session").get("pid").asLong();
			String tty = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "fd", "0")).toString();
			assertThat(tty).startsWith("/dev/pts/");
			String index = tty.substring("/dev/pts/".length());
			assertThat(descriptors("/dev/ptmx", "tty-index:\t" + index + "\n")).as("the master").isEqualTo(1);
			assertThat(descriptors("anon_inode:[pidfd]", "Pid:\t" + pid + "\n")).as("a pidfd").isZero();
			assertThat(descriptors(id, "")).as("the log").isEqualTo(1);
		}
	}

	private void typeInto(String id) {
		TestClient.Response typed = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "typed\n", "wait_for", "typed\\r\\n.*typed", "yield_time_ms", 10000));
		assertThat(typed.json().get("matched").asBoolean()).as(typed.text()).isTrue();
	}

	/**
	 * The server's descriptors whose target contains {@code target} and whose
	 * {@code fdinfo} contains {@code info}.
	 */
	private static long descriptors(String target, String info) throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.filter((fd) -> {
				try {
					return Files.readSymbolicLink(fd).toString().contains(target)
							&& Files.readString(Path.of("/proc/self/fdinfo", fd.getFileName().toString()))
								.contains(info);
				}
				catch (IOException ex) {
					// Closed meanwhile: someone else's.
					return false;
				}
			}).count();
		}
	}

}
