package dev.execd.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A log whose file cannot be written (a full disk): the bytes that failed are dropped and
 * counted, offsets number only the bytes kept, the failure is reported, and the log
 * resumes when there is room again.
 */
class OutputLogWriteFailureTests {

	@TempDir
	Path dir;

	@Test
	void dropsAndCountsWhatCannotBeWrittenAndResumesWhenThereIsRoom() throws Exception {
		Path path = this.dir.resolve("s.log");
		FullDisk channel = new FullDisk(FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
				StandardOpenOption.WRITE));
		List<Boolean> failures = new ArrayList<>();
		try (OutputLog log = new OutputLog(path, 1L << 30, 64, channel)) {
			log.onWriteFailure((error, first) -> failures.add(first));
			append(log, "kept ");
			// Room for 3 more bytes: "par" is written, "tial " and the rest are lost.
			channel.room = 3;
			append(log, "partial ");
			append(log, "lost too ");
			assertThat(log.total()).isEqualTo(8);
			assertThat(log.lostBytes()).isEqualTo(5 + 9);
			assertThat(log.truncated()).as("the log keeps every offset it gave").isFalse();
			assertThat(failures).containsExactly(true, false);

			channel.room = Long.MAX_VALUE;
			append(log, "back\n");
			assertThat(log.total()).isEqualTo(13);
			assertThat(log.lostBytes()).isEqualTo(14);
			assertThat(new String(log.read(0, 100), StandardCharsets.UTF_8)).isEqualTo("kept parback\n");
			assertThat(Files.readString(path)).isEqualTo("kept parback\n");
			assertThat(failures).containsExactly(true, false);

			channel.room = 0;
			append(log, "again");
			assertThat(failures).as("a new episode after a success").containsExactly(true, false, true);
			assertThat(log.lostBytes()).isEqualTo(19);
		}
	}

	@Test
	void recoveredLogKeepsTheRecordedLostBytes() throws Exception {
		Path path = Files.writeString(this.dir.resolve("r.log"), "abc");
		try (OutputLog log = OutputLog.recovered(path, 3, 42, IdleChannels.KEEP_OPEN)) {
			assertThat(log.lostBytes()).isEqualTo(42);
			assertThat(log.total()).isEqualTo(3);
		}
	}

	@Test
	void recoveredLogIsNeverOpenedThroughASymbolicLink() throws Exception {
		Path secret = Files.writeString(this.dir.resolve("secret"), "secret");
		Path link = Files.createSymbolicLink(this.dir.resolve("l.log"), secret);
		org.assertj.core.api.Assertions.assertThatIOException()
			.isThrownBy(() -> OutputLog.recovered(link, 6, 0, IdleChannels.KEEP_OPEN));
	}

	private static void append(OutputLog log, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		log.append(bytes, 0, bytes.length, StreamTag.STDOUT);
	}

	/** A file on a disk with {@code room} bytes left: then writes fail as ENOSPC does. */
	private static final class FullDisk extends FileChannel {

		private final FileChannel file;

		volatile long room = Long.MAX_VALUE;

		FullDisk(FileChannel file) {
			this.file = file;
		}

		@Override
		public int write(ByteBuffer src, long position) throws IOException {
			if (this.room <= 0) {
				throw new IOException("No space left on device");
			}
			int n = (int) Math.min(src.remaining(), this.room);
			ByteBuffer part = src.slice(src.position(), n);
			int written = this.file.write(part, position);
			src.position(src.position() + written);
			if (this.room != Long.MAX_VALUE) {
				this.room -= written;
			}
			return written;
		}

		@Override
		public int read(ByteBuffer dst, long position) throws IOException {
			return this.file.read(dst, position);
		}

		@Override
		public int read(ByteBuffer dst) throws IOException {
			return this.file.read(dst);
		}

		@Override
		public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
			return this.file.read(dsts, offset, length);
		}

		@Override
		public int write(ByteBuffer src) throws IOException {
			throw new UnsupportedOperationException();
		}

		@Override
		public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
			throw new UnsupportedOperationException();
		}

		@Override
		public long position() throws IOException {
			return this.file.position();
		}

		@Override
		public FileChannel position(long newPosition) throws IOException {
			this.file.position(newPosition);
			return this;
		}

		@Override
		public long size() throws IOException {
			return this.file.size();
		}

		@Override
		public FileChannel truncate(long size) throws IOException {
			this.file.truncate(size);
			return this;
		}

		@Override
		public void force(boolean metaData) throws IOException {
			this.file.force(metaData);
		}

		@Override
		public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
			return this.file.transferTo(position, count, target);
		}

		@Override
		public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
			throw new UnsupportedOperationException();
		}

		@Override
		public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
			return this.file.map(mode, position, size);
		}

		@Override
		public FileLock lock(long position, long size, boolean shared) throws IOException {
			return this.file.lock(position, size, shared);
		}

		@Override
		public FileLock tryLock(long position, long size, boolean shared) throws IOException {
			return this.file.tryLock(position, size, shared);
		}

		@Override
		protected void implCloseChannel() throws IOException {
			this.file.close();
		}

	}

}
