package dev.execd.session;

import dev.execd.output.AnsiStripper;
import dev.execd.output.Excerpt;
import dev.execd.output.OutputLog;

/**
 * A command's output as a response shows it.
 *
 * @param text the text, cut with the truncation marker if needed
 * @param omitted bytes the marker stands for
 */
public record CommandOutput(String text, long omitted) {

	public static final CommandOutput NONE = new CommandOutput("", 0);

	/**
	 * The command's output as a response shows it: {@code [output_offset, end)}, the end
	 * being the log's end while it runs; a cut names the omitted log range.
	 * @param owed whether the call already took effect: see {@link Excerpt#owed}
	 */
	static CommandOutput of(OutputLog log, CommandSnapshot command, WaitSpec wait, String logUrl, boolean owed) {
		long end = (command.endOffset() >= 0) ? command.endOffset() : log.total();
		long start = command.outputOffset();
		AnsiStripper stripper = wait.stripAnsi() ? new AnsiStripper() : null;
		Excerpt excerpt = owed
				? Excerpt.owed(log, start, Math.max(end, start), wait.maxOutputBytes(), wait.truncation(), stripper,
						logUrl)
				: Excerpt.of(log, start, Math.max(end, start), wait.maxOutputBytes(), wait.truncation(), stripper,
						logUrl);
		return new CommandOutput(excerpt.text(), excerpt.omitted());
	}

}
