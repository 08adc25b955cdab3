package dev.execd.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import dev.execd.process.LaunchSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CommandsTests {

	@TempDir
	Path dir;

	@Test
	void runsCmdThroughShellAndLoginShell() {
		LaunchSpec plain = Commands.resolve(spec("echo hi", null, false), settings(List.of()), "id", Map.of());
		assertThat(plain.command()).containsExactly("/bin/sh", "-c", "echo hi");
		LaunchSpec login = Commands.resolve(spec("echo hi", null, true), settings(List.of()), "id", Map.of());
		assertThat(login.command()).containsExactly("/bin/sh", "-lc", "echo hi");
		assertThat(plain.environment()).containsEntry("EXECD_SESSION_ID", "id").containsEntry("TERM", "dumb");
	}

	@Test
	void findsArgvOnPathOrRefusesIt() {
		LaunchSpec spec = Commands.resolve(spec(null, List.of("ls", "-l"), false), settings(List.of()), "id",
				Map.of("PATH", "/usr/bin:/bin"));
		assertThat(spec.command()).containsExactly("ls", "-l");
		assertThatExceptionOfType(SessionException.CommandNotFound.class).isThrownBy(() -> Commands
			.resolve(spec(null, List.of("ls"), false), settings(List.of()), "id", Map.of("PATH", this.dir.toString())));
	}

	@Test
	void refusesWorkdirOutsideRootsAfterResolvingSymlinks() throws Exception {
		Path root = Files.createDirectory(this.dir.resolve("root"));
		Path outside = Files.createDirectory(this.dir.resolve("outside"));
		Path link = Files.createSymbolicLink(root.resolve("link"), outside);
		ExecdProperties.Processes settings = settings(List.of(root));
		assertThat(Commands.workdir(root.resolve("sub").getParent().toString(), settings)).isEqualTo(root);
		assertThatExceptionOfType(SessionException.WorkdirNotAllowed.class)
			.isThrownBy(() -> Commands.workdir(link.toString(), settings));
		assertThatExceptionOfType(SessionException.WorkdirNotFound.class)
			.isThrownBy(() -> Commands.workdir(root.resolve("missing").toString(), settings));
	}

	private ExecdProperties.Processes settings(List<Path> roots) {
		return new ExecdProperties.Processes(Duration.ofSeconds(1), "/bin/sh", this.dir.toString(), roots);
	}

	private static SessionSpec spec(String cmd, List<String> argv, boolean login) {
		return new SessionSpec(cmd, argv, null, null, login, Map.of(), false, 120, 30, Duration.ofMinutes(1),
				Duration.ZERO, null, null, null);
	}

}
