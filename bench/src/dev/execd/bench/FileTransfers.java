package dev.execd.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Scenario {@code files} (issue 18): a file of 2 GiB of random bytes uploaded with
 * {@code PUT /files} and downloaded with {@code GET /files}, each against the
 * disk-to-socket rate measured in the same run: the same file sent through a loopback
 * socket with {@code FileChannel.transferTo} and received into a file through a 1 MiB
 * direct buffer (upload) or read and dropped (download), both ends in the driver. Each
 * round also uploads to the same receiver reading at most 64 KiB at a time (Tomcat's
 * reads with execd's default read buffer), and reports the receiving thread's CPU time,
 * the work execd's server does. Medians over rounds of bytes per second of wall time and
 * of the server's CPU time per GB, and the server's heap growth ({@link HeapPeak}) in one
 * more transfer each way. The upload's answer is awaited, so its time includes the
 * rename into place. An untimed transfer each way of 64 MiB goes first, and each timed
 * upload starts once the files written before it are on the disk (fsync), the written
 * ones removed, so that no transfer shares the disk with the writeback of the previous
 * one; which side goes first turns from round to round. Sizes: {@code --set
 * filesBytes=<bytes>}, {@code --set filesRounds=<n>}.
 */
final class FileTransfers {

	/** An untimed transfer each way before the rounds, so the first does not pay the JIT. */
	private static final long WARM_UP_BYTES = 64L << 20;

	private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

	/** The most Tomcat reads from a connection at once with execd's default settings. */
	private static final int TOMCAT_READ = 64 << 10;

	private FileTransfers() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		long size = ctx.config.filesBytes();
		int rounds = ctx.config.filesRounds();
		Path dir = Files.createDirectories(ctx.server.dir.resolve("files"));
		Path source = dir.resolve("source.bin");
		write(source, size);
		settle(source);
		warmUp(ctx, dir, Math.min(size, WARM_UP_BYTES));
		Path uploaded = dir.resolve("uploaded.bin");
		Path baselineCopy = dir.resolve("baseline.bin");
		List<Double> up = new ArrayList<>();
		List<Double> upBaseline = new ArrayList<>();
		List<Double> down = new ArrayList<>();
		List<Double> downBaseline = new ArrayList<>();
		List<Double> upCpu = new ArrayList<>();
		List<Double> downCpu = new ArrayList<>();
		List<Double> upBaselineCpu = new ArrayList<>();
		List<Double> upSmallReads = new ArrayList<>();
		List<Double> upSmallReadsCpu = new ArrayList<>();
		double upHeap;
		double downHeap;
		try {
			// So that the first round starts as every other does: right after a file of the
			// same size was written, settled and removed.
			socketToFile(source, baselineCopy);
			for (int r = 0; r < rounds; r++) {
				// Three uploads per round: execd, the baseline, and the baseline reading
				// as Tomcat does. Their order turns by one each round: an upload's rate
				// depends on the memory the kernel finds for the new file's pages (filling
				// them cost 0.4 to over 2 s of system time per GB on this machine's VM, for
				// any receiver), and a fixed order would favour one side.
				for (int turn = 0; turn < 3; turn++) {
					int side = (turn + r) % 3;
					startAlike(ctx, source, uploaded, baselineCopy);
					if (side == 0) {
						long cpu = ctx.server.cpuNanos();
						up.add(rate(size, upload(ctx, source, uploaded)));
						upCpu.add(cpuPerGb(ctx, cpu, size));
					}
					else {
						long[] cpu = new long[1];
						int readSize = (side == 1) ? 1 << 20 : TOMCAT_READ;
						double rate = rate(size, socketToFile(source, baselineCopy, cpu, readSize));
						double cpuPerGb = cpu[0] / 1e9 / (size / 1e9);
						if (side == 1) {
							upBaseline.add(rate);
							upBaselineCpu.add(cpuPerGb);
						}
						else {
							upSmallReads.add(rate);
							upSmallReadsCpu.add(cpuPerGb);
						}
					}
				}
				// Both downloads send the source, whose pages are in memory for either;
				// which goes first alternates.
				for (int side = 0; side < 2; side++) {
					if ((side == 0) == (r % 2 == 1)) {
						long cpu = ctx.server.cpuNanos();
						down.add(rate(size, download(ctx, source, size)));
						downCpu.add(cpuPerGb(ctx, cpu, size));
					}
					else {
						downBaseline.add(rate(size, fileToSocket(source)));
					}
				}
			}
			startAlike(ctx, source, uploaded, baselineCopy);
			// The heap in one more transfer each way, untimed: its sampling (a metrics
			// scrape every 20 ms) costs the server CPU that the baselines would not pay.
			try (HeapPeak heap = HeapPeak.start(ctx.server)) {
				upload(ctx, source, uploaded);
				upHeap = heap.stopMib();
			}
			try (HeapPeak heap = HeapPeak.start(ctx.server)) {
				download(ctx, uploaded, size);
				downHeap = heap.stopMib();
			}
		}
		finally {
			for (Path file : List.of(source, uploaded, baselineCopy)) {
				Files.deleteIfExists(file);
			}
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("bytes", size);
		Map<String, Object> upload = measured(up, upBaseline, upHeap, upCpu);
		// The baseline's receiving thread, the one that does what the server does.
		upload.put("baseline_receiver_cpu_s_per_gb_median", Samples.round(Samples.median(upBaselineCpu)));
		upload.put("baseline_receiver_cpu_s_per_gb_rounds", upBaselineCpu.stream().map(Samples::round).toList());
		// The same baseline reading as Tomcat does with execd's default read buffer: what
		// the read size alone costs.
		upload.put("baseline_64k_reads_mb_per_s_median", Samples.round(Samples.median(upSmallReads)));
		upload.put("baseline_64k_reads_mb_per_s_rounds", upSmallReads.stream().map(Samples::round).toList());
		upload.put("baseline_64k_reads_receiver_cpu_s_per_gb_median",
				Samples.round(Samples.median(upSmallReadsCpu)));
		upload.put("ratio_to_baseline_64k_reads", Samples.round(Samples.median(up) / Samples.median(upSmallReads)));
		result.put("upload", upload);
		result.put("download", measured(down, downBaseline, downHeap, downCpu));
		return result;
	}

	private static Map<String, Object> measured(List<Double> rates, List<Double> baselines, double heap,
			List<Double> cpu) {
		Map<String, Object> m = new LinkedHashMap<>();
		double rate = Samples.median(rates);
		double baseline = Samples.median(baselines);
		m.put("mb_per_s_median", Samples.round(rate));
		m.put("mb_per_s_rounds", rates.stream().map(Samples::round).toList());
		m.put("baseline_mb_per_s_median", Samples.round(baseline));
		m.put("baseline_mb_per_s_rounds", baselines.stream().map(Samples::round).toList());
		m.put("ratio_to_baseline", Samples.round(rate / baseline));
		// Each round's against the baseline taken just before it, which shares its load.
		List<Double> ratios = new ArrayList<>();
		for (int i = 0; i < rates.size(); i++) {
			ratios.add(Samples.round(rates.get(i) / baselines.get(i)));
		}
		m.put("ratio_rounds", ratios);
		m.put("heap_growth_mib", Samples.round(heap));
		// The server's CPU time per GB moved: what each byte costs, which other work on the
		// machine changes less than it changes the rates.
		m.put("server_cpu_s_per_gb_median", Samples.round(Samples.median(cpu)));
		m.put("server_cpu_s_per_gb_rounds", cpu.stream().map(Samples::round).toList());
		return m;
	}

	private static void warmUp(Context ctx, Path dir, long size) throws IOException {
		Path source = dir.resolve("warm-up.bin");
		Path target = dir.resolve("warm-up-uploaded.bin");
		try {
			write(source, size);
			upload(ctx, source, target);
			download(ctx, target, size);
			settle(source, target);
		}
		finally {
			drop(source, target);
		}
	}

	/**
	 * Waits until the files' bytes are on the disk, so that a timed transfer does not
	 * share the disk with the writeback of the previous one (which made the second round
	 * of every run the slowest). Each side's written file is settled before the other
	 * side's transfer, so baseline and execd start alike.
	 */
	private static void settle(Path... files) throws IOException {
		for (Path file : files) {
			if (Files.exists(file)) {
				try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
					channel.force(true);
				}
			}
		}
	}

	/**
	 * What comes before each timed upload, for either side: the upload before it checked
	 * against the source, the files written settled and removed, so each side writes a
	 * new file right after the same work as the other.
	 */
	private static void startAlike(Context ctx, Path source, Path uploaded, Path baselineCopy) throws IOException {
		if (Files.exists(uploaded)
				&& (Files.size(uploaded) != Files.size(source) || Files.mismatch(source, uploaded) != -1)) {
			ctx.error("files: the uploaded file differs from the source");
		}
		settle(baselineCopy, uploaded);
		drop(baselineCopy, uploaded);
	}

	/** Removes settled files, so that each side writes a new file as the other does. */
	private static void drop(Path... files) throws IOException {
		for (Path file : files) {
			Files.deleteIfExists(file);
		}
	}

	/** Random bytes (a 16 MiB random block repeated with a changing counter). */
	private static void write(Path file, long size) throws IOException {
		ByteBuffer block = ByteBuffer.allocate(16 << 20);
		new java.util.Random(42).nextBytes(block.array());
		try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
				StandardOpenOption.TRUNCATE_EXISTING)) {
			for (long at = 0, n = 0; at < size; n++) {
				block.clear().putLong(0, n);
				block.limit((int) Math.min(block.capacity(), size - at));
				while (block.hasRemaining()) {
					at += out.write(block);
				}
			}
		}
	}

	/** {@code PUT /files}: the body sent from the file with {@code transferTo}. */
	private static long upload(Context ctx, Path source, Path target) throws IOException {
		long size = Files.size(source);
		long start = System.nanoTime();
		try (SocketChannel socket = connect(ctx); FileChannel in = FileChannel.open(source)) {
			String head = "PUT /files?path=" + encode(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "Content-Type: application/octet-stream\r\nContent-Length: " + size
					+ "\r\nConnection: close\r\n\r\n";
			writeFully(socket, ByteBuffer.wrap(head.getBytes(StandardCharsets.ISO_8859_1)));
			for (long at = 0; at < size;) {
				at += in.transferTo(at, size - at, socket);
			}
			String response = new String(readAll(socket, null), StandardCharsets.ISO_8859_1);
			if (!response.startsWith("HTTP/1.1 201") && !response.startsWith("HTTP/1.1 200")) {
				ctx.error("files upload: " + Context.abbreviate(response));
			}
		}
		return System.nanoTime() - start;
	}

	/** {@code GET /files}: the body read and dropped; checks its length. */
	private static long download(Context ctx, Path file, long size) throws IOException {
		long start = System.nanoTime();
		try (SocketChannel socket = connect(ctx)) {
			String head = "GET /files?path=" + encode(file) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "Connection: close\r\n\r\n";
			writeFully(socket, ByteBuffer.wrap(head.getBytes(StandardCharsets.ISO_8859_1)));
			long[] counted = new long[1];
			byte[] first = readAll(socket, counted);
			String response = new String(first, 0, Math.min(first.length, 200), StandardCharsets.ISO_8859_1);
			if (!response.startsWith("HTTP/1.1 200") || counted[0] < size) {
				ctx.error("files download: " + counted[0] + " bytes, " + Context.abbreviate(response));
			}
		}
		return System.nanoTime() - start;
	}

	/** The baseline of a download: the file sent through a loopback socket. */
	private static long fileToSocket(Path source) throws Exception {
		long size = Files.size(source);
		try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
			long start = System.nanoTime();
			CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
				try (SocketChannel socket = server.accept(); FileChannel in = FileChannel.open(source)) {
					for (long at = 0; at < size;) {
						at += in.transferTo(at, size - at, socket);
					}
				}
				catch (IOException ex) {
					throw new java.io.UncheckedIOException(ex);
				}
			});
			try (SocketChannel socket = SocketChannel.open(server.getLocalAddress())) {
				readAll(socket, new long[1]);
			}
			sender.get();
			return System.nanoTime() - start;
		}
	}

	/** The baseline of an upload: the file sent through a loopback socket into a file. */
	private static long socketToFile(Path source, Path target) throws Exception {
		return socketToFile(source, target, new long[1], 1 << 20);
	}

	/**
	 * The same, reading at most {@code readSize} bytes at a time, with the receiving
	 * thread's CPU time put in {@code cpuNanos[0]}: what the baseline spends on the side
	 * where execd's server works.
	 */
	private static long socketToFile(Path source, Path target, long[] cpuNanos, int readSize) throws Exception {
		long size = Files.size(source);
		try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
			long start = System.nanoTime();
			CompletableFuture<Void> receiver = CompletableFuture.runAsync(() -> {
				try (SocketChannel socket = server.accept();
						FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
								StandardOpenOption.TRUNCATE_EXISTING)) {
					// A 1 MiB direct buffer: the JDK's transferFrom from a socket copies
					// through a small buffer, which would make a weak baseline.
					ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
					// Reads smaller than that are gathered into 256 KiB before each write,
					// as execd's uploads are (FileWrites).
					int gather = (readSize < (1 << 20)) ? 256 << 10 : 1;
					long cpu = THREADS.getCurrentThreadCpuTime();
					for (long at = 0; at < size;) {
						buffer.clear();
						boolean ended = false;
						do {
							buffer.limit(Math.min(buffer.capacity(), buffer.position() + readSize));
							ended = socket.read(buffer) < 0;
						}
						while (!ended && buffer.position() < gather && at + buffer.position() < size);
						buffer.flip();
						while (buffer.hasRemaining()) {
							at += out.write(buffer);
						}
						if (ended) {
							break;
						}
					}
					cpuNanos[0] = THREADS.getCurrentThreadCpuTime() - cpu;
				}
				catch (IOException ex) {
					throw new java.io.UncheckedIOException(ex);
				}
			});
			try (SocketChannel socket = SocketChannel.open(server.getLocalAddress());
					FileChannel in = FileChannel.open(source)) {
				for (long at = 0; at < size;) {
					at += in.transferTo(at, size - at, socket);
				}
			}
			receiver.get();
			return System.nanoTime() - start;
		}
	}

	private static SocketChannel connect(Context ctx) throws IOException {
		SocketChannel socket = SocketChannel.open(new InetSocketAddress("127.0.0.1", ctx.server.port));
		socket.socket().setTcpNoDelay(true);
		return socket;
	}

	private static void writeFully(SocketChannel socket, ByteBuffer buffer) throws IOException {
		while (buffer.hasRemaining()) {
			socket.write(buffer);
		}
	}

	/**
	 * Reads to the end of the stream. With {@code counted}, drops the bytes, counts the
	 * body's (after the head) and returns the first buffer; else returns everything.
	 */
	private static byte[] readAll(SocketChannel socket, long[] counted) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
		java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();
		boolean first = true;
		long total = 0;
		long head = -1;
		while (socket.read(buffer) >= 0) {
			buffer.flip();
			if (counted == null || first) {
				byte[] bytes = new byte[buffer.remaining()];
				buffer.get(bytes);
				kept.write(bytes, 0, bytes.length);
				if (counted != null) {
					head = indexOfBodyStart(bytes);
				}
				first = false;
				total += bytes.length;
			}
			else {
				total += buffer.remaining();
			}
			buffer.clear();
		}
		if (counted != null) {
			counted[0] = (head < 0) ? 0 : total - head;
		}
		return kept.toByteArray();
	}

	private static long indexOfBodyStart(byte[] bytes) {
		for (int i = 3; i < bytes.length; i++) {
			if (bytes[i - 3] == '\r' && bytes[i - 2] == '\n' && bytes[i - 1] == '\r' && bytes[i] == '\n') {
				return i + 1;
			}
		}
		return -1;
	}

	private static String encode(Path path) {
		return URLEncoder.encode(path.toString(), StandardCharsets.UTF_8);
	}

	private static double cpuPerGb(Context ctx, long cpuBefore, long bytes) throws IOException {
		return (ctx.server.cpuNanos() - cpuBefore) / 1e9 / (bytes / 1e9);
	}

	private static double rate(long bytes, long nanos) {
		return bytes / 1e6 / (nanos / 1e9);
	}


}
