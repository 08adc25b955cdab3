package dev.execd;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.springframework.test.context.DynamicPropertyRegistry;

import static org.assertj.core.api.Assertions.assertThat;

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

	/**
	 * Downloads a sparse file of {@code size} bytes made at {@code file} over a raw
	 * socket with a small receive window, empties the file once the answer's head and
	 * first 64 KiB are in, and returns how many bytes arrived before the server ended the
	 * connection. No {@code Connection: close} is asked for, so only a cut connection
	 * ends the read.
	 */
	static long downloadWhileTruncating(int port, Path file, long size) throws IOException {
		try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
			sparse.setLength(size);
		}
		try (Socket socket = new Socket()) {
			// A small window: the server waits on a full socket far from the file's end.
			socket.setReceiveBufferSize(64 * 1024);
			socket.connect(new InetSocketAddress("127.0.0.1", port));
			// A connection left open once the file is emptied fails the read, not the
			// run.
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET /files?path=" + file.getFileName() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] first = in.readNBytes(64 * 1024);
			String head = new String(first, 0, 512, StandardCharsets.ISO_8859_1);
			assertThat(head).startsWith("HTTP/1.1 200").contains("Content-Length: " + size);
			try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
				channel.truncate(0);
			}
			return first.length + in.readAllBytes().length;
		}
	}

}
