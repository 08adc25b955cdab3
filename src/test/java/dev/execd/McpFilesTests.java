package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
		McpTestClient.Result createOnly = this.mcp.call("write_file",
				Map.of("path", dir + "/src/app.py", "content", "lost", "if_none_match", "*"));
		assertThat(createOnly.text()).startsWith("precondition_failed");
		assertThat(Files.readAllBytes(file)).containsExactly(0, 0xff, 10);
		assertThat(
				this.mcp
					.ok("write_file",
							Map.of("path", dir + "-new/new.txt", "content", "new", "mkdirs", true, "if_none_match",
									"*"))
					.text())
			.startsWith("created: ");

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
	void listsALinkWhoseTargetIsNotUtf8WithANote() throws Exception {
		Path dir = Files.createDirectories(ROOT.resolve("mcp-lossy-" + this.api.conversation()));
		// Byte 0xFF, as a file URI's escape keeps it.
		Path target = dir.relativize(Path.of(java.net.URI.create("file://" + dir + "/t%FF")));
		Files.createSymbolicLink(dir.resolve("lossy"), target);
		Files.createSymbolicLink(dir.resolve("plain"), Path.of("t"));
		McpTestClient.Result listed = this.mcp.ok("list_dir", Map.of("path", dir.toString()));
		assertThat(listed.text()).containsPattern("(?m)^symlink .* -> t\uFFFD \\(target not UTF-8: [^)]*\\)$")
			.containsPattern("(?m)^symlink .*/plain -> t$");
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
	void followingTheContinuationsReadsLinesLongerThanAWindowWhole() throws Exception {
		Random random = new Random(18);
		StringBuilder longLine = new StringBuilder();
		while (longLine.length() < 5 * 512 * 1024) {
			// Letters and 2- and 3-byte characters, none repeating at a window's size.
			longLine.append("ab\u00e9\u4e2dxyz".charAt(random.nextInt(7)));
		}
		// Surrogate pairs after one character: the cap falls between a pair's halves.
		String pairs = "x" + "\ud83d\ude00".repeat(700_000);
		String content = "head\n" + longLine + "\nmiddle\n" + pairs + "\ntail";
		Path file = Files.createDirectories(ROOT.resolve("long-" + this.api.conversation())).resolve("long.txt");
		Files.writeString(file, content);

		McpTestClient.Result first = this.mcp.ok("read_file", Map.of("path", file.toString()));
		assertThat(first.text()).startsWith("path: " + file + "\nlines: 1-2 of 5\n"
				+ "truncated: true (continue with offset_lines: 1, offset_chars: 1048571)\n---\nhead\n");
		assertThat(first.structured()).containsEntry("next_offset_lines", 1)
			.containsEntry("next_offset_chars", 1048571);

		StringBuilder read = new StringBuilder();
		Pattern continuation = Pattern.compile("continue with offset_lines: (\\d+)(?:, offset_chars: (\\d+))?\\)");
		Map<String, Object> arguments = Map.of("path", file.toString());
		for (int calls = 0; calls < 10; calls++) {
			McpTestClient.Result page = this.mcp.ok("read_file", arguments);
			String text = page.text().substring(page.text().indexOf("\n---\n") + 5);
			assertThat(text).isNotEmpty();
			assertThat(Character.isLowSurrogate(text.charAt(0))).isFalse();
			assertThat(Character.isHighSurrogate(text.charAt(text.length() - 1))).isFalse();
			read.append(text);
			Matcher next = continuation.matcher(page.text().substring(0, page.text().indexOf("\n---\n")));
			if (!next.find()) {
				break;
			}
			arguments = Map.of("path", file.toString(), "offset_lines", Long.parseLong(next.group(1)), "offset_chars",
					(next.group(2) != null) ? Long.parseLong(next.group(2)) : 0);
		}
		assertThat(read.length()).isEqualTo(content.length());
		assertThat(read.toString().equals(content)).as("the pages joined are the file").isTrue();

		McpTestClient.Result cut = this.mcp.ok("read_file", Map.of("path", file.toString(), "offset_lines", 3));
		assertThat(cut.text()).contains("\ntruncated: true (continue with offset_lines: 3, offset_chars: 1048575)\n")
			.endsWith("x" + "\ud83d\ude00".repeat(524_287));
		McpTestClient.Result rest = this.mcp.ok("read_file",
				Map.of("path", file.toString(), "offset_lines", 3, "offset_chars", 1048575));
		assertThat(rest.text()).startsWith("path: " + file + "\nlines: 4-5 of 5, line 4 from character 1048575\n---\n")
			.endsWith("\n---\n" + "\ud83d\ude00".repeat(700_000 - 524_287) + "\ntail");
		assertThat(rest.structured()).containsEntry("truncated", false).containsEntry("next_offset_lines", null);
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
