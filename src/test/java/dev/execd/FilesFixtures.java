package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Workspaces for the files API tests: a fresh root per test class, the server confined to
 * it, with its output directory inside it (which must stay unreachable).
 */
final class FilesFixtures {

	private FilesFixtures() {
	}

	static Path newRoot(String name) {
		try {
			return Files.createTempDirectory("execd-" + name).toRealPath();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static void confineTo(DynamicPropertyRegistry registry, Path root) {
		registry.add("execd.process.default-workdir", root::toString);
		registry.add("execd.process.workdir-roots", root::toString);
		registry.add("execd.output.dir", () -> root.resolve(".execd-out").toString());
	}

}
