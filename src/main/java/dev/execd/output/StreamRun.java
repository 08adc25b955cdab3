package dev.execd.output;

/**
 * A run of output bytes from one stream.
 *
 * @param tag the stream
 * @param end the offset where the run ends (exclusive)
 */
public record StreamRun(StreamTag tag, long end) {

}
