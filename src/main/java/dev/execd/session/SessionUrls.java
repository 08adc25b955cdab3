package dev.execd.session;

/**
 * The relative URLs of a session's log and stream, which carry the conversation when it
 * is not the default one (an EventSource cannot send headers).
 */
public final class SessionUrls {

	private SessionUrls() {
	}

	public static String log(SessionSnapshot session) {
		return of(session, "log");
	}

	public static String stream(SessionSnapshot session) {
		return of(session, "stream");
	}

	private static String of(SessionSnapshot session, String resource) {
		String url = "/sessions/" + session.id() + "/" + resource;
		String conversation = session.scope().conversation();
		return Scope.DEFAULT_CONVERSATION.equals(conversation) ? url : url + "?conversation_id=" + conversation;
	}

}
