package dev.execd.api;

import java.security.Principal;
import java.util.regex.Pattern;

import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves a handler's {@link Scope}: the tenant the request authenticated as (its
 * principal's name) and the conversation from {@code X-Conversation-Id}, else
 * {@code ?conversation_id=} (for browsers' EventSource), else {@code default}.
 * <p>
 * When tokens are configured, a request without a principal is refused here too, should
 * it ever get past the security chain: nothing acts for the anonymous tenant then.
 */
public final class ScopeResolver implements HandlerMethodArgumentResolver {

	public static final String HEADER = "X-Conversation-Id";

	public static final String PARAMETER = "conversation_id";

	private static final Pattern CONVERSATION = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

	private final boolean tokensRequired;

	public ScopeResolver(boolean tokensRequired) {
		this.tokensRequired = tokensRequired;
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return parameter.getParameterType() == Scope.class;
	}

	@Override
	public Scope resolveArgument(MethodParameter parameter, @Nullable ModelAndViewContainer mavContainer,
			NativeWebRequest request, @Nullable WebDataBinderFactory binderFactory) {
		String conversation = request.getHeader(HEADER);
		if (conversation == null) {
			conversation = request.getParameter(PARAMETER);
		}
		if (conversation == null) {
			conversation = Scope.DEFAULT_CONVERSATION;
		}
		return scope(tenant(request.getUserPrincipal()), conversation);
	}

	/** The tenant a principal stands for: its name, or null for an anonymous request. */
	public static @Nullable String tenant(@Nullable Principal principal) {
		return (principal != null) ? principal.getName() : null;
	}

	/**
	 * The scope of a tenant (null: anonymous) and a conversation id.
	 * @throws ApiException when the conversation id is malformed, or when tokens are
	 * configured and there is no tenant
	 */
	public Scope scope(@Nullable Object tenant, String conversation) {
		String name = (tenant instanceof String given) ? given : null;
		if (name == null) {
			if (this.tokensRequired) {
				throw ApiException.unauthorized();
			}
			name = Scope.ANONYMOUS;
		}
		if (!CONVERSATION.matcher(conversation).matches()) {
			throw ApiException.invalidConversation("conversation id must be 1-128 characters of [A-Za-z0-9._:-]");
		}
		return new Scope(name, conversation);
	}

}
