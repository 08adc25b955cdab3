package dev.execd.files;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Confinement without a web layer: every way out of the roots is refused, and a symbolic
 * link swapped in while reads and writes run never redirects one.
 */
class FileConfinementTests {

	private static final byte[] SECRET = "SECRET outside the root".getBytes(StandardCharsets.UTF_8);

	@TempDir
	Path base;

	private Path root;

	private Path outside;

	private FileRoots roots;

	private FileReads reads;

	private FileWrites writes;

	private FileChanges changes;

	@BeforeEach
	void workspace() throws IOException {
		this.root = Files.createDirectories(this.base.resolve("ws")).toRealPath();
		this.outside = Files.createDirectories(this.base.resolve("outside")).toRealPath();
		Files.write(this.outside.resolve("secret"), SECRET);
		use(Map.of());
	}

	private void use(Map<String, String> extra) {
		Map<String, String> source = new HashMap<>(
				Map.of("execd.process.default-workdir", this.root.toString(), "execd.process.workdir-roots",
						this.root.toString(), "execd.output.dir", this.root.resolve("sub/out").toString()));
		source.putAll(extra);
		ExecdProperties properties = new Binder(new MapConfigurationPropertySource(source)).bindOrCreate("execd",
				ExecdProperties.class);
		this.roots = new FileRoots(properties);
		this.reads = new FileReads(this.roots);
		this.writes = new FileWrites(properties.files().maxUploadSize().toBytes());
		this.changes = new FileChanges(this.roots);
	}

	private FilePath at(String path) {
		return this.roots.locate(null, path);
	}

	@Test
	void resolvesRelativePathsFromTheDefaultWorkdirAndKeepsThemInTheRoots() {
		assertThat(at("a/b").path()).isEqualTo(this.root.resolve("a/b"));
		assertThat(at("a/../b").path()).isEqualTo(this.root.resolve("b"));
		assertThat(at(this.root + "/c").path()).isEqualTo(this.root.resolve("c"));
		for (String escape : List.of("..", "../outside/secret", "a/../../outside", this.outside + "/secret",
				"/etc/passwd", "/")) {
			assertThatExceptionOfType(FilesException.PathNotAllowed.class).as(escape).isThrownBy(() -> at(escape));
		}
		assertThatExceptionOfType(FilesException.InvalidRequest.class).isThrownBy(() -> at("a\0b"));
		assertThatExceptionOfType(FilesException.InvalidRequest.class).isThrownBy(() -> at(""));
	}

	@Test
	void neverReachesTheOutputDirectory() throws IOException {
		Files.createDirectories(this.root.resolve("sub/out"));
		Files.writeString(this.root.resolve("sub/out/session.log"), "log");
		Files.writeString(this.root.resolve("sub/keep"), "keep");
		assertThatExceptionOfType(FilesException.PathNotAllowed.class).isThrownBy(() -> at("sub/out"));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class).isThrownBy(() -> at("sub/out/session.log"));
		assertThat(this.reads.list(at("."), 5, 100).entries()).extracting(FileStat::name)
			.containsExactly("sub", "keep");
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.changes.delete(at("sub"), true));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.changes.move(at("sub"), at("moved"), false));
		assertThat(this.root.resolve("sub/out/session.log")).hasContent("log");
	}

	@Test
	void refusesALinkOnTheWayAndAtTheEnd() throws IOException {
		Files.createSymbolicLink(this.root.resolve("link"), this.outside);
		Files.createSymbolicLink(this.root.resolve("leaf"), this.outside.resolve("secret"));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.reads.open(at("link/secret")));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class).isThrownBy(() -> this.reads.open(at("leaf")));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class).isThrownBy(() -> write("link/new", "x", true));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> write("link/deeper/new", "x", true));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.reads.list(at("link"), 1, 10));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.changes.delete(at("link/secret"), false));
		assertThat(this.reads.stat(at("leaf")).type()).isEqualTo(FileType.SYMLINK);
		assertThat(this.reads.stat(at("leaf")).target()).isEqualTo(this.outside.resolve("secret").toString());
		// Removing a link removes the link, never its target.
		this.changes.delete(at("link"), true);
		assertThat(listing(this.outside)).containsExactly("secret");
	}

	@Test
	void tenantRootsConfineEachTenantToItsOwn() throws IOException {
		Files.createDirectories(this.root.resolve("alice"));
		Files.createDirectories(this.root.resolve("bob"));
		use(Map.of("execd.security.tokens", "alice:a-secret,bob:b-secret,carol:c-secret",
				"execd.files.tenant-roots.alice", this.root.resolve("alice").toString(), "execd.files.tenant-roots.bob",
				this.root.resolve("bob").toString()));
		assertThat(this.roots.locate("alice", "notes.txt").path()).isEqualTo(this.root.resolve("alice/notes.txt"));
		assertThat(this.roots.locate("alice", this.root + "/alice/x").path()).isEqualTo(this.root.resolve("alice/x"));
		for (String other : List.of("../bob/notes.txt", this.root + "/bob/notes.txt", this.root.toString())) {
			assertThatExceptionOfType(FilesException.PathNotAllowed.class)
				.isThrownBy(() -> this.roots.locate("alice", other));
		}
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.roots.locate("carol", "notes.txt"));
	}

	/**
	 * A directory on the way is swapped for a link to outside the root (and back) 10,000
	 * times, atomically, while writes, reads, listings and removals run through it.
	 */
	@Test
	void aLinkSwappedInDuringOperationsNeverLeadsOutside() throws Exception {
		Path dir = Files.createDirectories(this.root.resolve("d"));
		Files.writeString(dir.resolve("secret"), "inside");
		Path link = Files.createSymbolicLink(this.root.resolve("alt"), this.outside);
		AtomicBoolean swapping = new AtomicBoolean(true);
		AtomicInteger swaps = new AtomicInteger();
		ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
		Thread swapper = Thread.ofPlatform().start(() -> {
			try {
				for (int i = 0; i < 10_000; i++) {
					Fds.rename(Fds.AT_FDCWD, dir.toString(), Fds.AT_FDCWD, link.toString(), Fds.RENAME_EXCHANGE);
					swaps.incrementAndGet();
				}
			}
			catch (Throwable ex) {
				failures.add(ex);
			}
			finally {
				swapping.set(false);
			}
		});
		List<Thread> workers = new ArrayList<>();
		AtomicInteger succeeded = new AtomicInteger();
		for (int w = 0; w < 3; w++) {
			int worker = w;
			workers.add(Thread.ofPlatform().start(() -> {
				while (swapping.get()) {
					try {
						switch (worker) {
							case 0 -> write("d/written", "new", false);
							case 1 -> write("d/made/deep", "new", true);
							default -> {
								try (OpenFile file = this.reads.open(at("d/secret"))) {
									byte[] bytes = new byte[64];
									int n = file.channel().read(java.nio.ByteBuffer.wrap(bytes));
									assertThat(new String(bytes, 0, Math.max(n, 0), StandardCharsets.UTF_8))
										.isEqualTo("inside");
								}
								this.reads.list(at("d"), 3, 100)
									.entries()
									.forEach((entry) -> assertThat(entry.path().startsWith(this.root)).isTrue());
								this.changes.delete(at("d/made"), true);
							}
						}
						succeeded.incrementAndGet();
					}
					catch (FilesException ex) {
						// Refused while the link was in place: what must happen.
					}
					catch (Throwable ex) {
						failures.add(ex);
					}
				}
			}));
		}
		swapper.join();
		for (Thread worker : workers) {
			worker.join();
		}
		assertThat(failures).isEmpty();
		assertThat(swaps).hasValue(10_000);
		assertThat(succeeded.get()).isPositive();
		assertThat(listing(this.outside)).containsExactly("secret");
		assertThat(this.outside.resolve("secret")).hasBinaryContent(SECRET);
	}

	@Test
	void refusesToRemoveATreeDeeperThanTheBound() throws IOException {
		Path deep = this.root.resolve("deep");
		Files.createDirectories(deep.resolve("d/".repeat(FileChanges.MAX_DEPTH + 1)));
		assertThatExceptionOfType(FilesException.PathNotAllowed.class)
			.isThrownBy(() -> this.changes.delete(at("deep"), true));
		Files.createDirectories(this.root.resolve("shallow/" + "d/".repeat(FileChanges.MAX_DEPTH - 1)));
		this.changes.delete(at("shallow"), true);
		assertThat(this.root.resolve("shallow")).doesNotExist();
	}

	private FileWrites.Written write(String path, String content, boolean mkdirs) throws IOException {
		return this.writes.write(at(path),
				Channels.newChannel(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8))), -1, mkdirs,
				null, null, null);
	}

	private static List<String> listing(Path dir) throws IOException {
		try (Stream<Path> files = Files.walk(dir)) {
			return files.filter((p) -> !p.equals(dir)).map((p) -> dir.relativize(p).toString()).toList();
		}
	}

}
