package dev.execd.files;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tar extraction without a web layer: links that point out, entries through a link the
 * archive made, absolute and {@code ..} names are refused; long names survive; the
 * uncompressed total is capped.
 */
class ArchiveExtractorTests {

	@TempDir
	Path base;

	private Path root;

	private Path outside;

	private FileRoots roots;

	private ArchiveExtractor extractor;

	@BeforeEach
	void workspace() throws IOException {
		this.root = Files.createDirectories(this.base.resolve("ws")).toRealPath();
		this.outside = Files.createDirectories(this.base.resolve("outside")).toRealPath();
		ExecdProperties properties = new Binder(new MapConfigurationPropertySource(
				Map.of("execd.process.default-workdir", this.root.toString(), "execd.process.workdir-roots",
						this.root.toString(), "execd.output.dir", this.root.resolve("out").toString())))
			.bindOrCreate("execd", ExecdProperties.class);
		this.roots = new FileRoots(properties);
		this.extractor = new ArchiveExtractor(this.roots, 1024);
	}

	@Test
	void refusesLinksThatPointOutside() {
		for (String target : new String[] { "../x", "a/../../x", "/etc/passwd", this.outside.toString(), "" }) {
			assertThatExceptionOfType(FilesException.PathNotAllowed.class).as(target)
				.isThrownBy(() -> extract("t", tar((w) -> w.header("escape", '2', 0777, 0, 0, target))));
		}
		assertThat(this.root.resolve("t/escape")).doesNotExist();
	}

	@Test
	void refusesALinkThatClimbsBackThroughAnotherLink() throws IOException {
		// "d/../x" stays inside as text, but d is a link to the target itself, so the
		// kernel's ".." after it is the target's parent.
		assertThatExceptionOfType(FilesException.PathNotAllowed.class).isThrownBy(() -> extract("t", tar((w) -> {
			w.header("d", '2', 0777, 0, 0, ".");
			w.header("escape", '2', 0777, 0, 0, "d/../outside");
		}))).withMessageContaining("outside the target");
		assertThat(this.root.resolve("t/escape")).doesNotExist();
		// Climbing first, then down, is plain.
		extract("t", tar((w) -> {
			file(w, "a/f.txt", "f");
			w.header("b/up", '2', 0777, 0, 0, "../a/./f.txt");
		}));
		assertThat(this.root.resolve("t/b/up")).hasContent("f");
	}

	@Test
	void refusesAnEntryThroughALinkTheArchiveMade() throws IOException {
		assertThatExceptionOfType(FilesException.PathNotAllowed.class).isThrownBy(() -> extract("t", tar((w) -> {
			w.header("d/", '5', 0755, 0, 0, "");
			w.header("inner", '2', 0777, 0, 0, "d");
			file(w, "inner/x.txt", "through the link");
		})));
		assertThat(this.root.resolve("t/d")).isEmptyDirectory();
	}

	@Test
	void refusesAbsoluteAndDotDotNames() throws IOException {
		for (String name : new String[] { "/abs.txt", "../up.txt", "a/../../up.txt", this.outside + "/x.txt" }) {
			assertThatExceptionOfType(FilesException.PathNotAllowed.class).as(name)
				.isThrownBy(() -> extract("t", tar((w) -> file(w, name, "x"))));
		}
		try (Stream<Path> files = Files.list(this.outside)) {
			assertThat(files).isEmpty();
		}
		assertThat(this.base.resolve("up.txt")).doesNotExist();
	}

	@Test
	void keepsLongNamesAndModes() throws IOException {
		String name = "d".repeat(120) + "/" + "f".repeat(130) + ".txt";
		ArchiveExtractor.Extracted done = extract("t", tar((w) -> {
			file(w, name, "long");
			w.header("run.sh", '0', 0750, 2, 0, "");
			w.stream().write("ok".getBytes(StandardCharsets.UTF_8));
			w.pad(2);
		}));
		assertThat(done).isEqualTo(new ArchiveExtractor.Extracted(2, 0, 0, 6));
		assertThat(this.root.resolve("t/" + name)).hasContent("long");
		assertThat(Files.getPosixFilePermissions(this.root.resolve("t/run.sh")))
			.isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-x---"));
	}

	@Test
	void keepsTheExactBytesOfNamesAndLinkTargets() throws IOException {
		// U+DCxx stands for the byte xx (Names): short names go in the header itself,
		// long ones (and one with a newline) in PAX records with hdrcharset=BINARY.
		String longName = "d\uDCFE".repeat(60) + "/f\uDCFF\nline.txt";
		String longTarget = "../" + "d\uDCFE".repeat(60) + "/f\uDCFF\nline.txt";
		ArchiveExtractor.Extracted done = extract("t", tar((w) -> {
			file(w, "caf\uDCE9.txt", "latin-1");
			file(w, longName, "long");
			w.header("link\uDCFF", '2', 0777, 0, 0, "caf\uDCE9.txt");
			w.header("sub/long-link", '2', 0777, 0, 0, longTarget);
		}));
		assertThat(done).isEqualTo(new ArchiveExtractor.Extracted(2, 0, 2, 11));
		Path t = this.root.resolve("t");
		assertThat(Names.entry(t, "caf\uDCE9.txt")).hasContent("latin-1");
		assertThat(Names.entry(t, longName)).hasContent("long");
		assertThat(Files.readSymbolicLink(Names.entry(t, "link\uDCFF")))
			.isEqualTo(t.relativize(Names.entry(t, "caf\uDCE9.txt")));
		assertThat(Names.entry(t, "link\uDCFF")).hasContent("latin-1");
		assertThat(t.resolve("sub/long-link")).hasContent("long");
		// Not the names as UTF-8 would show them.
		assertThat(t.resolve("caf\uFFFD.txt")).doesNotExist();
		assertThat(t.resolve("link\uFFFD")).doesNotExist();
	}

	@Test
	void refusesNamesAndLinksThatLeaveThroughBytesThatAreNotUtf8() throws IOException {
		for (String name : new String[] { "\uDCFF/../../up.txt", "/\uDCFF.txt" }) {
			assertThatExceptionOfType(FilesException.PathNotAllowed.class).as(name)
				.isThrownBy(() -> extract("t", tar((w) -> file(w, name, "x"))))
				.withMessageContaining("\uFFFD")
				.withMessageNotContaining("\uDCFF");
		}
		for (String target : new String[] { "\uDCFF/../../x", "../\uDCFF", "/\uDCFF" }) {
			assertThatExceptionOfType(FilesException.PathNotAllowed.class).as(target)
				.isThrownBy(() -> extract("t", tar((w) -> w.header("l\uDCFF", '2', 0777, 0, 0, target))))
				.withMessageNotContaining("\uDCFF");
		}
		assertThat(this.base.resolve("up.txt")).doesNotExist();
		// A name of dots and other bytes is just a name.
		extract("t", tar((w) -> {
			file(w, "..\uDCFF/x.txt", "inside");
			w.header("l", '2', 0777, 0, 0, "..\uDCFF/x.txt");
		}));
		assertThat(Names.entry(this.root.resolve("t"), "..\uDCFF").resolve("x.txt")).hasContent("inside");
		assertThat(this.root.resolve("t/l")).hasContent("inside");
	}

	@Test
	void capsTheUncompressedTotal() {
		assertThatExceptionOfType(FilesException.PayloadTooLarge.class)
			.isThrownBy(() -> extract("t", tar((w) -> file(w, "big.txt", "x".repeat(2000)))));
	}

	@Test
	void refusesALinkToANameWithANulByte() {
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> extract("t", tar((w) -> pax(w, "linkpath", "a\0b", "nul", '2'))))
			.withMessageContaining("NUL");
		assertThat(this.root.resolve("t/nul")).doesNotExist();
	}

	@Test
	void refusesANegativeSize() {
		assertThatExceptionOfType(FilesException.InvalidRequest.class)
			.isThrownBy(() -> extract("t", tar((w) -> pax(w, "size", "-1", "negative.txt", '0'))));
		assertThat(this.root.resolve("t/negative.txt")).doesNotExist();
	}

	@Test
	void aFileOverADirectoryIsADirectoryAndOverALinkReplacesTheLink() throws IOException {
		assertThatExceptionOfType(FilesException.IsADirectory.class).isThrownBy(() -> extract("t", tar((w) -> {
			w.header("y/", '5', 0755, 0, 0, "");
			file(w, "y", "over the directory");
		}))).withMessageContaining("is a directory");
		assertThat(this.root.resolve("t/y")).isEmptyDirectory();
		Files.createSymbolicLink(this.root.resolve("t/l"), this.outside.resolve("target.txt"));
		extract("t", tar((w) -> file(w, "l", "the link itself is replaced")));
		assertThat(Files.isSymbolicLink(this.root.resolve("t/l"))).isFalse();
		assertThat(this.root.resolve("t/l")).hasContent("the link itself is replaced");
		assertThat(this.outside.resolve("target.txt")).doesNotExist();
		try (Stream<Path> names = Files.list(this.root.resolve("t"))) {
			assertThat(names.map((p) -> p.getFileName().toString())).containsExactlyInAnyOrder("y", "l");
		}
	}

	@Test
	void theCapLeavesNoPartialEntry() throws IOException {
		assertThatExceptionOfType(FilesException.PayloadTooLarge.class).isThrownBy(() -> extract("t", tar((w) -> {
			file(w, "small.txt", "fits");
			file(w, "big.txt", "x".repeat(2000));
		})));
		try (Stream<Path> names = Files.list(this.root.resolve("t"))) {
			assertThat(names.map((p) -> p.getFileName().toString())).containsExactly("small.txt");
		}
	}

	/** A PAX extended header with one record, then an empty entry of that type. */
	private static void pax(TarWriter writer, String key, String value, String name, char type) throws IOException {
		String record = " " + key + "=" + value + "\n";
		int length = record.length() + 2;
		byte[] data = (length + record).getBytes(StandardCharsets.UTF_8);
		writer.header("PaxHeader", 'x', 0644, data.length, 0, "");
		writer.stream().write(data);
		writer.pad(data.length);
		writer.header(name, type, 0644, 0, 0, "");
	}

	private ArchiveExtractor.Extracted extract(String target, byte[] archive) throws IOException {
		return this.extractor.extract(this.roots.locate(null, target), new ByteArrayInputStream(archive),
				ArchiveFormat.TAR_GZ);
	}

	private static void file(TarWriter writer, String name, String content) throws IOException {
		byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
		writer.header(name, '0', 0644, bytes.length, 0, "");
		writer.stream().write(bytes);
		writer.pad(bytes.length);
	}

	private static byte[] tar(Entries entries) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
			TarWriter writer = new TarWriter(gzip);
			entries.write(writer);
			writer.finish();
		}
		return bytes.toByteArray();
	}

	private interface Entries {

		void write(TarWriter writer) throws IOException;

	}

}
