package dev.execd.api;

import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionException;
import dev.execd.session.SessionRegistry;
import dev.execd.session.SessionSnapshot;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The screen use cases that REST and MCP share: a PTY session's screen on its own, and
 * the {@code view} that adds it to the answers of starts, writes and reads.
 */
@Component
public class ScreenService {

	private final SessionRegistry registry;

	ScreenService(SessionRegistry registry) {
		this.registry = registry;
	}

	/**
	 * The screen now.
	 * @param scrollback rows above the screen to add; absent: none (and no
	 * {@code scrollback} field); clamped to [0, execd.screen.scrollback-lines]
	 */
	public ScreenView screen(Scope scope, String id, @Nullable Long scrollback) {
		if (scrollback != null && scrollback < 0) {
			throw ApiException.invalid("scrollback must not be negative");
		}
		int rows = (scrollback != null) ? (int) Math.min(scrollback, Integer.MAX_VALUE) : 0;
		return ScreenView.of(this.registry.find(scope, id).screen(rows), scrollback != null);
	}

	/**
	 * Whether {@code view} asks for the screen.
	 * @throws ApiException for a value other than {@code output} and {@code screen}
	 */
	static boolean wanted(@Nullable String view) {
		if (view == null || "output".equals(view)) {
			return false;
		}
		if ("screen".equals(view)) {
			return true;
		}
		throw ApiException.invalid("view must be output or screen");
	}

	/**
	 * Refuses a screen of a pipe session before anything is typed or waited for, without
	 * rendering one.
	 * @throws dev.execd.session.SessionException.NotATerminal on a pipe session
	 */
	static void requireTerminal(Session session) {
		SessionSnapshot snapshot = session.snapshot();
		if (!snapshot.tty()) {
			throw new SessionException.NotATerminal(snapshot);
		}
	}

	/**
	 * The screen for a {@code view: screen} answer, caught up with the log after the
	 * read, so it shows at least the output the answer returns.
	 * @throws dev.execd.session.SessionException.NotATerminal on a pipe session
	 */
	static ScreenView of(Session session) {
		return ScreenView.of(session.screen(0), false);
	}

}
