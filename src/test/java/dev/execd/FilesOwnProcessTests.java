package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static dev.execd.FilesApiTests.assertRefused;
import static dev.execd.FilesApiTests.bytes;
import static dev.execd.FilesApiTests.q;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * execd's own directory in {@code /proc}, under its pid or any of its threads' ids, is
 * out of the files API's reach even with no roots set: its {@code environ} holds every
 * token, and under root being non-dumpable does not keep anyone out. (This server runs in
 * the test's JVM, so that is the process.)
 */
class FilesOwnProcessTests extends EndToEndTest {

	@Test
	void refusesExecdsOwnProcessUnderEveryName() throws IOException {
		long pid = ProcessHandle.current().pid();
		String thread;
		try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
			thread = tasks.map((task) -> task.getFileName().toString())
				.filter((id) -> !id.equals(Long.toString(pid)))
				.findFirst()
				.orElseThrow();
		}
		for (String path : List.of("/proc/" + pid + "/environ", "/proc/" + pid, "/proc/" + thread + "/environ",
				"/proc/" + pid + "/task/" + thread + "/environ", "/proc/self/environ", "/proc/thread-self/environ",
				"/proc/./" + pid + "/environ")) {
			assertRefused(this.api.get("/files?path=" + q(path)), 403, "path_not_allowed");
		}
		assertRefused(this.api.get("/files/list?path=" + q("/proc/" + pid)), 403, "path_not_allowed");
		assertRefused(this.api.put("/files?path=" + q("/proc/" + pid + "/comm"), bytes("x")), 403, "path_not_allowed");
		assertThat(this.api.get("/files?path=" + q("/proc/1/comm")).status()).isNotEqualTo(403);
		assertThat(this.api.get("/files/list?path=/proc").status()).isEqualTo(200);
	}

}
