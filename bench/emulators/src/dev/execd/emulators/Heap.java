package dev.execd.emulators;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Heap per live emulator at 120x30 with no scrollback: many instances held at once,
 * used heap after GC before and after, divided.
 */
final class Heap {

	static final int COUNT = 500;

	private Heap() {
	}

	static void run(Path work) throws Exception {
		byte[] fullScreen = fullScreen();
		System.out.println();
		System.out.println("| Heap per live 120x30 emulator (" + COUNT + " instances) | JediTerm | JLine |");
		System.out.println("|---|---|---|");
		for (boolean filled : new boolean[] { false, true }) {
			StringBuilder row = new StringBuilder(filled ? "| after a full screen of text (30 rows x 119 chars)"
					: "| fresh (nothing written)");
			row.append(" |");
			for (EmulatorComparison.Factory f : EmulatorComparison.LIBRARIES) {
				row.append(String.format(" %.1f KiB |", perInstance(f, filled ? fullScreen : new byte[0]) / 1024));
			}
			System.out.println(row);
		}
	}

	static byte[] fullScreen() {
		StringBuilder s = new StringBuilder();
		for (int r = 0; r < 30; r++) {
			s.append("\u001b[").append(r + 1).append(";1H");
			s.append("\u001b[3").append(r % 8).append('m');
			for (int c = 0; c < 119; c++) {
				s.append((char) ('a' + (r + c) % 26));
			}
		}
		return s.toString().getBytes();
	}

	static double perInstance(EmulatorComparison.Factory factory, byte[] content) {
		List<Screen> keep = new ArrayList<>();
		// Warm up the classes and their static tables first.
		factory.create(120, 30).feed(content, 0, content.length);
		long before = used();
		for (int i = 0; i < COUNT; i++) {
			Screen s = factory.create(120, 30);
			s.feed(content, 0, content.length);
			keep.add(s);
		}
		long after = used();
		double per = (after - before) / (double) COUNT;
		if (keep.size() != COUNT) {
			throw new IllegalStateException();
		}
		return per;
	}

	static long used() {
		for (int i = 0; i < 4; i++) {
			System.gc();
		}
		var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
		return heap.getUsed();
	}

}
