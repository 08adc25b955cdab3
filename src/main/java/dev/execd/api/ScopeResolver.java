package dev.execd.api;

import java.util.regex.Pattern;

import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves a handler's {@link Scope}: the tenant the request authenticated as and the
 * conversation from {@code X-Conversation-Id}, else {@code ?conversation_id=} (for
 * browsers' EventSource), else {@code default}.
 */
final class ScopeResolver implements HandlerMethodArgumentResolver {

	/** Request attribute holding the authenticated tenant's name. */
	static final String TENANT_ATTRIBUTE = "execd.tenant";

	static final String HEADER = "X-Conversation-Id";

	static final String PARAMETER = "conversation_id";

	private static final Pattern CONVERSATION = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

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
		return scope(request.getAttribute(TENANT_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST), conversation);
	}

	/** The scope of a tenant attribute (absent: anonymous) and a conversation id. */
	static Scope scope(@Nullable Object tenant, String conversation) {
		if (!CONVERSATION.matcher(conversation).matches()) {
			throw ApiException.invalidConversation("conversation id must be 1-128 characters of [A-Za-z0-9._:-]");
		}
		return new Scope((tenant instanceof String name) ? name : Scope.ANONYMOUS, conversation);
	}

}
