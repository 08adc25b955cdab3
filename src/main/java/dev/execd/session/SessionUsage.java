package dev.execd.session;

/**
 * What a session's processes use, summed over the live processes of its Unix session as
 * the monitor last saw them.
 *
 * @param cpuMs CPU time (user and system) of the live processes and of the children they
 * waited for; never decreases
 * @param rssBytes their resident memory now
 * @param maxRssBytes the highest {@code rssBytes} seen
 * @param processes how many live processes there are
 */
public record SessionUsage(long cpuMs, long rssBytes, long maxRssBytes, int processes) {

	/** Before the first scan. */
	static final SessionUsage NONE = new SessionUsage(0, 0, 0, 0);

}
