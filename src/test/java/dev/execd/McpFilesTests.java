package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The file tools through the MCP client: {@code write_file}, {@code read_file} and
 * {@code list_dir} on real files, with the REST API's confinement and codes.
 */
class McpFilesTests extends McpEndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("mcp-files");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@Test
	void writesReadsAndListsFiles() throws Exception {
		String dir = "mcp-" + this.api.conversation();
		McpTestClient.Result written = this.mcp.ok("write_file", Map.of("path", dir + "/src/app.py", "content",
				"import sys\nprint('h\u00e9')\n", "mkdirs", true, "mode", "0755"));
		assertThat(written.text()).startsWith("created: " + ROOT.resolve(dir + "/src/app.py"));
		assertThat(written.structured()).containsEntry("created", true).containsEntry("size", 24);
		Path file = ROOT.resolve(dir).resolve("src/app.py");
		assertThat(Files.readString(file)).isEqualTo("import sys\nprint('h\u00e9')\n");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rwxr-xr-x");

		McpTestClient.Result read = this.mcp.ok("read_file", Map.of("path", dir + "/src/app.py"));
		assertThat(read.text())
			.isEqualTo("path: " + dir + "/src/app.py\nlines: 1-2 of 2\n---\nimport sys\nprint('h\u00e9')\n");
		assertThat(read.structured()).containsEntry("total_lines", 2).containsEntry("truncated", false);

		String etag = written.structured().get("etag").toString();
		McpTestClient.Result replaced = this.mcp.ok("write_file", Map.of("path", dir + "/src/app.py", "content_b64",
				Base64.getEncoder().encodeToString(new byte[] { 0, (byte) 0xff, 10 }), "if_match", etag));
		assertThat(replaced.text()).startsWith("replaced: ");
		assertThat(Files.readAllBytes(file)).containsExactly(0, 0xff, 10);
		McpTestClient.Result stale = this.mcp.call("write_file",
				Map.of("path", dir + "/src/app.py", "content", "lost", "if_match", etag));
		assertThat(stale.error()).isTrue();
		assertThat(stale.text()).startsWith("precondition_failed");
		assertThat(Files.readAllBytes(file)).containsExactly(0, 0xff, 10);

		Files.writeString(ROOT.resolve(dir).resolve("notes.txt"), "one\ntwo\nthree\n");
		Files.createSymbolicLink(ROOT.resolve(dir).resolve("link"), Path.of("notes.txt"));
		McpTestClient.Result listed = this.mcp.ok("list_dir", Map.of("path", dir, "depth", 2));
		assertThat(listed.text()).contains("entries: 4\n---\n")
			.containsPattern("(?m)^dir 0\\d{3} \\d+ \\S+ " + ROOT.resolve(dir + "/src") + "$")
			.containsPattern("(?m)^file 0755 3 \\S+ " + ROOT.resolve(dir + "/src/app.py") + "$")
			.containsPattern("(?m)^symlink 0\\d{3} \\d+ \\S+ " + ROOT.resolve(dir + "/link") + " -> notes.txt$");
		assertThat((List<?>) listed.structured().get("entries")).hasSize(4);

		McpTestClient.Result window = this.mcp.ok("read_file",
				Map.of("path", dir + "/notes.txt", "offset_lines", 1, "max_lines", 1));
		assertThat(window.text()).isEqualTo("path: " + dir
				+ "/notes.txt\nlines: 2-2 of 3\ntruncated: true (continue with offset_lines: 2)" + "\n---\ntwo\n");
	}

	@Test
	void countsLinesAsTheTextReaderDoesAndWritesLongNamesAndOverLinks() throws Exception {
		Path dir = Files.createDirectories(ROOT.resolve("cr-" + this.api.conversation()));
		Files.writeString(dir.resolve("cr.txt"), "one\rstill one\ntwo\nthree\n");
		McpTestClient.Result window = this.mcp.ok("read_file",
				Map.of("path", dir + "/cr.txt", "offset_lines", 0, "max_lines", 2));
		assertThat(window.text()).isEqualTo("path: " + dir
				+ "/cr.txt\nlines: 1-2 of 3\ntruncated: true (continue with offset_lines: 2)\n---\none\rstill one\ntwo\n");

		String name = "n".repeat(255);
		assertThat(this.mcp.ok("write_file", Map.of("path", dir + "/" + name, "content", "long")).text())
			.startsWith("created: ");
		assertThat(dir.resolve(name)).hasContent("long");
		Files.createSymbolicLink(dir.resolve("sl"), Path.of("/etc/hostname"));
		McpTestClient.Result overLink = this.mcp.ok("write_file", Map.of("path", dir + "/sl", "content", "mine"));
		assertThat(overLink.text()).contains("mode: 0644");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("sl"))))
			.isEqualTo("rw-r--r--");
	}

	@Test
	void refusesWhatRestRefuses() throws Exception {
		assertError(this.mcp.call("read_file", Map.of("path", "../../etc/passwd")), "path_not_allowed");
		assertError(this.mcp.call("read_file", Map.of("path", "/etc/passwd")), "path_not_allowed");
		assertError(this.mcp.call("read_file", Map.of("path", ".execd-out/x.log")), "path_not_allowed");
		assertError(this.mcp.call("list_dir", Map.of("path", ".execd-out")), "path_not_allowed");
		assertError(this.mcp.call("read_file", Map.of("path", "missing-" + this.api.conversation())), "file_not_found");
		Path dir = Files.createDirectories(ROOT.resolve("d-" + this.api.conversation()));
		assertError(this.mcp.call("read_file", Map.of("path", dir.toString())), "is_a_directory");
		assertError(this.mcp.call("write_file", Map.of("path", dir + "/x")), "invalid_request");
		assertError(this.mcp.call("write_file", Map.of("path", dir + "/x", "content", "a", "content_b64", "YQ==")),
				"invalid_request");
		assertError(this.mcp.call("write_file", Map.of("path", dir + "/x", "content_b64", "not base64!")),
				"invalid_base64");
		assertError(this.mcp.call("write_file", Map.of("path", dir + "/x", "content", "a", "mode", "999")),
				"invalid_request");
		assertError(this.mcp.call("list_dir", Map.of("path", dir.toString(), "depth", 0)), "invalid_request");
		assertError(this.mcp.call("list_dir", Map.of("path", dir.toString(), "colour", "red")), "invalid_request");
		// A link in the middle of the path pointing out of the root is never followed.
		Files.createSymbolicLink(dir.resolve("out"), Path.of("/etc"));
		assertError(this.mcp.call("read_file", Map.of("path", dir + "/out/hostname")), "path_not_allowed");
		assertError(this.mcp.call("write_file", Map.of("path", dir + "/out/x", "content", "a")), "path_not_allowed");
		assertThat(Files.exists(Path.of("/etc/x"))).isFalse();
	}

	private static void assertError(McpTestClient.Result result, String code) {
		assertThat(result.error()).as(result.text()).isTrue();
		assertThat(result.text()).startsWith(code);
	}

}
