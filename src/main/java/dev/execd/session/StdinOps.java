package dev.execd.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.execd.process.Signals;

/**
 * Turns one write into stdin writer steps.
 */
final class StdinOps {

	private static final byte CTRL_C = 0x03;

	private static final byte CTRL_BACKSLASH = 0x1c;

	private static final byte CTRL_D = 0x04;

	private StdinOps() {
	}

	/**
	 * @param data the bytes to write
	 * @param controlsAsSignals turn Ctrl-C / Ctrl-\ into SIGINT / SIGQUIT (pipes)
	 * @param eof close stdin (pipe) or type Ctrl-D (tty) afterwards
	 * @param tty whether the session has a terminal
	 */
	static List<StdinWriter.Op> of(byte[] data, boolean controlsAsSignals, boolean eof, boolean tty) {
		return of(List.of(new Typing.Segment(data, controlsAsSignals)), eof, tty);
	}

	/**
	 * @param segments the bytes to write; on a pipe, Ctrl-C / Ctrl-\ in a segment that
	 * translates controls become SIGINT / SIGQUIT
	 * @param eof close stdin (pipe) or type Ctrl-D (tty) afterwards
	 * @param tty whether the session has a terminal (which never gets signals from here:
	 * its line discipline makes them)
	 */
	static List<StdinWriter.Op> of(List<Typing.Segment> segments, boolean eof, boolean tty) {
		List<StdinWriter.Op> ops = new ArrayList<>();
		for (Typing.Segment segment : segments) {
			add(ops, segment.bytes(), segment.translateControls() && !tty);
		}
		if (eof) {
			ops.add(tty ? new StdinWriter.Bytes(new byte[] { CTRL_D }) : new StdinWriter.Close());
		}
		return ops;
	}

	private static void add(List<StdinWriter.Op> ops, byte[] data, boolean controlsAsSignals) {
		int from = 0;
		if (controlsAsSignals) {
			for (int i = 0; i < data.length; i++) {
				int signal = (data[i] == CTRL_C) ? Signals.SIGINT.number()
						: (data[i] == CTRL_BACKSLASH) ? Signals.SIGQUIT.number() : 0;
				if (signal != 0) {
					if (i > from) {
						ops.add(new StdinWriter.Bytes(Arrays.copyOfRange(data, from, i)));
					}
					ops.add(new StdinWriter.Signal(signal));
					from = i + 1;
				}
			}
		}
		if (from < data.length) {
			ops.add(new StdinWriter.Bytes((from == 0) ? data : Arrays.copyOfRange(data, from, data.length)));
		}
	}

}
